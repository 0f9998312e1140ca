import { fileURLToPath } from 'node:url';
import { type Platform, type PlatformConfig, createPlatform } from '@sais/kit/platform';
import type { Logger } from 'pino';
import { allServices } from './services.ts';
import { seedIfEmpty } from './seed.ts';
import { serveStaticApps } from './http/static-apps.ts';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Every service in one process behind one origin, with the portal and the console. */
export async function createAllInOne(config: PlatformConfig, logger?: Logger): Promise<Platform> {
  const platform = await createPlatform({
    services: allServices,
    config,
    logger,
    extend: (app) =>
      serveStaticApps(app, {
        portalDir: `${repositoryRoot}web-portal/dist`,
        consoleDir: `${repositoryRoot}ops-console/dist`,
      }),
  });
  await seedIfEmpty(platform, config);
  return platform;
}

export { repositoryRoot };
