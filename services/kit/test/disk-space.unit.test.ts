import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DiskSpaceError,
  assertDiskSpace,
  defaultMinFreeDiskMb,
  freeDiskBytes,
  hasDiskRoom,
  minFreeDiskMb,
} from '../src/index.ts';

describe('disk space guard', () => {
  it('asks the nearest existing folder, so a data folder not created yet is measured on its volume', async () => {
    const stats = await statfs(tmpdir());
    const free = await freeDiskBytes(join(tmpdir(), 'not', 'there', 'yet'));
    // The same volume, give or take what other processes wrote meanwhile.
    expect(Math.abs(free - stats.bavail * stats.bsize)).toBeLessThan(1024 ** 3);
  });

  it('takes SAIS_MIN_FREE_DISK_MB, else the default', () => {
    const config = (env: NodeJS.ProcessEnv) => ({ dataDir: tmpdir(), env });
    expect(minFreeDiskMb(config({ SAIS_MIN_FREE_DISK_MB: '2048' }))).toBe(2048);
    expect(minFreeDiskMb(config({ SAIS_MIN_FREE_DISK_MB: 'lots' }))).toBe(defaultMinFreeDiskMb);
    expect(minFreeDiskMb(config({}))).toBe(defaultMinFreeDiskMb);
  });

  it('refuses below the threshold with 507 storageFull, naming the figures', async () => {
    const full = { dataDir: tmpdir(), env: { SAIS_MIN_FREE_DISK_MB: String(1024 ** 4) } };
    const error = await assertDiskSpace(full).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiskSpaceError);
    expect(error).toMatchObject({ code: 507, httpStatus: 507, messageKey: 'storageFull' });
    expect((error as Error).message).toMatch(/MB free on the data volume, below SAIS_MIN_FREE_DISK_MB=/);
    expect(await hasDiskRoom(full)).toBe(false);
    expect(await hasDiskRoom({ dataDir: tmpdir(), env: { SAIS_MIN_FREE_DISK_MB: '0' } })).toBe(true);
  });
});
