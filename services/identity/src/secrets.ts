import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PlatformConfig } from '@sais/kit';

/**
 * A 32-byte secret from `SAIS_<NAME>` (base64) or, in the embedded default, generated once and kept
 * in the data folder (mode 0600) so codes and encrypted files survive restarts.
 */
export async function loadSecret(config: PlatformConfig, name: string): Promise<Buffer> {
  const fromEnv = config.env[`SAIS_${name.toUpperCase()}`];
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error(`SAIS_${name.toUpperCase()} must be 32 bytes in base64`);
    return key;
  }
  const dir = join(config.dataDir, 'secrets');
  const file = join(dir, name);
  try {
    return Buffer.from(await readFile(file, 'utf8'), 'base64');
  } catch {
    const key = randomBytes(32);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return Buffer.from(await readFile(file, 'utf8'), 'base64');
  }
}
