import { mkdtemp, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keysDirectory, loadKey } from '../src/keys/keys.ts';

describe('keys apart from the data', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'kit-keys-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('keeps generated keys beside the data folder, never inside it, with owner-only modes', async () => {
    const config = { dataDir: join(root, 'data'), env: {} };
    const key = await loadKey(config, 'photo_key');
    expect(key).toHaveLength(32);
    expect(keysDirectory(config)).toBe(join(root, 'data-keys'));
    expect(await readdir(join(root, 'data-keys'))).toEqual(['photo_key']);
    expect((await stat(join(root, 'data-keys', 'photo_key'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(root, 'data-keys'))).mode & 0o777).toBe(0o700);
    await expect(stat(join(root, 'data'))).rejects.toThrow(); // nothing written into the data folder
    expect(await loadKey(config, 'photo_key')).toEqual(key); // stable across restarts
  });

  it('takes SAIS_KEYS_DIR, and SAIS_<NAME> before any file', async () => {
    const fromEnv = Buffer.alloc(32, 7);
    const config = {
      dataDir: join(root, 'data'),
      env: { SAIS_KEYS_DIR: join(root, 'vault'), SAIS_DIGEST_KEY: fromEnv.toString('base64') },
    };
    expect(await loadKey(config, 'digest_key')).toEqual(fromEnv);
    await loadKey(config, 'code_secret');
    expect(await readdir(join(root, 'vault'))).toEqual(['code_secret']);
    await expect(loadKey({ ...config, env: { SAIS_DIGEST_KEY: 'c2hvcnQ=' } }, 'digest_key')).rejects.toThrow(
      /32 bytes/,
    );
  });

  it('moves a key an older version kept in <data>/secrets out of the data folder', async () => {
    const legacy = Buffer.alloc(32, 3);
    await mkdir(join(root, 'data', 'secrets'), { recursive: true });
    await writeFile(join(root, 'data', 'secrets', 'code_secret'), legacy.toString('base64'));
    const config = { dataDir: join(root, 'data'), env: {} };
    expect(await loadKey(config, 'code_secret')).toEqual(legacy);
    expect(await readdir(join(root, 'data', 'secrets'))).toEqual([]);
    expect(await readdir(join(root, 'data-keys'))).toEqual(['code_secret']);
  });
});
