// Decision 0033: the platform warns when the checkpoint signing key and the data it protects share a file
// system (the default layout), and not when the key is elsewhere (another file system, or the environment).
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyBesideData } from '../src/transparency/key-placement.ts';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));
const folder = async (parent: string) => {
  const root = await mkdtemp(join(parent, 'sais-keyplace-'));
  roots.push(root);
  return root;
};

describe('keyBesideData', () => {
  it('warns, in en and zh-CN with how to move the key, for keys beside the data (not made yet too)', async () => {
    const root = await folder(tmpdir());
    const warning = await keyBesideData({ dataDir: join(root, 'data'), env: {} });
    expect(warning?.en).toContain(`(${join(root, 'data-keys')}) is on the same file system as the data`);
    expect(warning?.en).toContain('SAIS_KEYS_DIR');
    expect(warning?.en).toContain('SAIS_TRANSPARENCY_KEY');
    expect(warning?.['zh-CN']).toContain('位于同一文件系统');
    const apart = await keyBesideData({
      dataDir: join(root, 'data'),
      env: { SAIS_KEYS_DIR: join(root, 'elsewhere', 'keys') },
    });
    expect(apart).not.toBeNull(); // another folder, the same disk: still beside
  });

  it('says nothing for a key in the environment or on another file system', async () => {
    const root = await folder(tmpdir());
    expect(
      await keyBesideData({ dataDir: join(root, 'data'), env: { SAIS_TRANSPARENCY_KEY: 'set' } }),
    ).toBeNull();
    // /dev/shm is a tmpfs of its own on Linux: a keys folder there is on another file system.
    const shm = await stat('/dev/shm').catch(() => null);
    if (!shm || shm.dev === (await stat(tmpdir())).dev)
      throw new Error('this test needs /dev/shm apart from /tmp');
    const keys = await folder('/dev/shm');
    expect(await keyBesideData({ dataDir: join(root, 'data'), env: { SAIS_KEYS_DIR: keys } })).toBeNull();
  });
});
