import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { PlatformConfig } from '../runtime/service.ts';

/**
 * Where the platform's keys live: `SAIS_KEYS_DIR`, else a folder beside the data folder
 * (`<data>-keys`, e.g. `.data-keys` next to `.data`). Never inside the data folder, so that a copy or
 * a backup of the data (database, uploads, photos) carries none of the keys that protect it.
 */
export function keysDirectory(config: PlatformConfig): string {
  if (config.keysDir) return config.keysDir;
  if (config.env.SAIS_KEYS_DIR) return config.env.SAIS_KEYS_DIR;
  const data = resolve(config.dataDir || '.data');
  return join(dirname(data), `${basename(data)}-keys`);
}

/**
 * A 32-byte key named `name`: from `SAIS_<NAME>` (base64) when set, else read from the keys folder,
 * else generated once there (folder 0700, file 0600). A key left by an older version in
 * `<data>/secrets/<name>` is moved to the keys folder on first use, so existing photos and codes stay
 * readable after the upgrade.
 */
export async function loadKey(config: PlatformConfig, name: string, envName?: string): Promise<Buffer> {
  const variable = envName ?? `SAIS_${name.toUpperCase()}`;
  const fromEnv = config.env[variable];
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error(`${variable} must be 32 bytes in base64`);
    return key;
  }
  const dir = keysDirectory(config);
  const file = join(dir, name);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const existing = await readKeyFile(file);
  if (existing) return existing;
  if (config.dataDir) {
    const legacy = join(config.dataDir, 'secrets', name);
    if (await readKeyFile(legacy)) await rename(legacy, file).catch(() => undefined);
    const moved = await readKeyFile(file);
    if (moved) return moved;
  }
  // 'wx': when two processes start at once, the first write wins and both read the same key.
  await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' }).catch(
    () => undefined,
  );
  const key = await readKeyFile(file);
  if (!key) throw new Error(`could not create the key ${file}`);
  return key;
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64)`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
