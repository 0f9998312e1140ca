import { chmod, mkdtemp, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
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

  /** A rename that fails as it does between two volumes (compose's /data and /keys), or with `code`. */
  const failingRename = (code: string) => ({
    calls: 0,
    async rename() {
      this.calls++;
      throw Object.assign(new Error(`${code}: cannot rename`), { code });
    },
  });

  async function oldKey(bytes: Buffer, mode = 0o640) {
    await mkdir(join(root, 'data', 'secrets'), { recursive: true });
    const file = join(root, 'data', 'secrets', 'photo_key');
    await writeFile(file, bytes.toString('base64'));
    await chmod(file, mode);
    return file;
  }

  it('moves an old key across file systems (EXDEV): copied with its mode, then removed from the data', async () => {
    const legacy = Buffer.alloc(32, 5);
    const file = await oldKey(legacy);
    const original = await readFile(file);
    const config = { dataDir: join(root, 'data'), env: { SAIS_KEYS_DIR: join(root, 'keys') } };
    const exdev = failingRename('EXDEV');
    expect(await loadKey(config, 'photo_key', undefined, exdev)).toEqual(legacy);
    expect(exdev.calls).toBe(1);
    expect(await readdir(join(root, 'data', 'secrets'))).toEqual([]); // gone from the data (and its backups)
    expect(await readdir(join(root, 'keys'))).toEqual(['photo_key']); // no temporary file left
    expect(await readFile(join(root, 'keys', 'photo_key'))).toEqual(original);
    expect((await stat(join(root, 'keys', 'photo_key'))).mode & 0o777).toBe(0o640);
    expect(await loadKey(config, 'photo_key')).toEqual(legacy); // and it stays the key
  });

  it('stops when the old key cannot be moved, and never makes a new one meanwhile', async () => {
    const legacy = Buffer.alloc(32, 6);
    await oldKey(legacy);
    const config = { dataDir: join(root, 'data'), env: { SAIS_KEYS_DIR: join(root, 'keys') } };
    await expect(loadKey(config, 'photo_key', undefined, failingRename('EACCES'))).rejects.toThrow(
      /Could not move the key .*photo_key.* \(EACCES: cannot rename\)\. Move it by hand/,
    );
    expect(await readdir(join(root, 'keys'))).toEqual([]);
    expect(await readdir(join(root, 'data', 'secrets'))).toEqual(['photo_key']);
    // A start after the operator moved it by hand finds the same key.
    await rename(join(root, 'data', 'secrets', 'photo_key'), join(root, 'keys', 'photo_key'));
    expect(await loadKey(config, 'photo_key')).toEqual(legacy);
  });

  it('refuses two different keys of one name (a key made by the old upgrade beside the one the data needs)', async () => {
    const config = { dataDir: join(root, 'data'), env: { SAIS_KEYS_DIR: join(root, 'keys') } };
    const made = await loadKey(config, 'photo_key');
    await oldKey(Buffer.alloc(32, 8));
    await expect(loadKey(config, 'photo_key')).rejects.toThrow(/Two different keys photo_key/);
    expect(await loadKey({ ...config, dataDir: join(root, 'other') }, 'photo_key')).toEqual(made);
    // The same bytes in both places (a copy whose removal failed): the old file is removed.
    await oldKey(made);
    expect(await loadKey(config, 'photo_key')).toEqual(made);
    expect(await readdir(join(root, 'data', 'secrets'))).toEqual([]);
  });

  it('refuses a keys folder inside the data folder at start-up', async () => {
    const data = join(root, 'data');
    for (const keys of [join(data, 'keys'), data, join(data, 'a', '..', 'secrets')]) {
      await expect(loadKey({ dataDir: data, env: { SAIS_KEYS_DIR: keys } }, 'code_secret')).rejects.toThrow(
        /The keys folder .* \(SAIS_KEYS_DIR\) is inside the data folder .* \(SAIS_DATA_DIR\)/,
      );
      expect(() => keysDirectory({ dataDir: data, keysDir: keys, env: {} })).toThrow(
        /inside the data folder/,
      );
    }
    await expect(stat(data)).rejects.toThrow(); // nothing was written
    // Beside it, or named like it, is fine.
    expect(keysDirectory({ dataDir: data, env: { SAIS_KEYS_DIR: join(root, 'data-keys') } })).toBe(
      join(root, 'data-keys'),
    );
    expect(keysDirectory({ dataDir: data, env: { SAIS_KEYS_DIR: join(root, 'dat') } })).toBe(
      join(root, 'dat'),
    );
  });
});
