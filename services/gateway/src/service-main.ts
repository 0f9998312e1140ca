// `npm run start:service -- <identity|competition|team|scoring>`: one service in its own process.
// `npm run start:service -- gateway`: the proxy gateway in front of separately running services.
import { join } from 'node:path';
import { closeOnSignals, createPlatform } from '@sais/kit';
import { startProxyGateway } from './proxy.ts';
import { repositoryRoot } from './platform.ts';
import { serviceNamed } from './services.ts';

const env = process.env;
const name = process.argv[2];
if (!name) {
  process.stderr.write('usage: npm run start:service -- <identity|competition|team|scoring|gateway>\n');
  process.exit(2);
}
const host = env.HOST ?? '127.0.0.1';

if (name === 'gateway') {
  const app = await startProxyGateway(env);
  closeOnSignals(
    () => app.close(),
    (message) => app.log.info(message),
  );
  await app.listen({ port: Number(env.PORT ?? 8080), host });
} else {
  const service = serviceNamed(name);
  if (!env.DATABASE_URL || !env.KAFKA_BROKERS) {
    process.stderr.write(`a separate ${name} process needs DATABASE_URL and KAFKA_BROKERS (real mode)\n`);
    process.exit(2);
  }
  const platform = await createPlatform({
    services: [service],
    config: { dataDir: join(repositoryRoot, '.data'), env },
  });
  closeOnSignals(
    () => platform.close(),
    (message) => platform.app.log.info(message),
  );
  await platform.app.listen({ port: Number(env.PORT ?? 0), host });
}
