import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errorCodes } from '@sais/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { PlatformConfig } from './service.ts';

/** Free space below this many MB (SAIS_MIN_FREE_DISK_MB) on the data folder's volume stops uploads. */
export const defaultMinFreeDiskMb = 512;

const MB = 1024 * 1024;

/** The data volume is nearly full: uploads are refused (507) until an operator makes room. */
export class DiskSpaceError extends AppError {
  constructor(freeMb: number, minFreeMb: number) {
    super(errorCodes.insufficientStorage, 'storageFull', 507, {
      detail: `${freeMb} MB free on the data volume, below SAIS_MIN_FREE_DISK_MB=${minFreeMb}`,
    });
  }
}

/** Bytes available to this process on the volume of `path` (its nearest existing folder). */
export async function freeDiskBytes(path: string): Promise<number> {
  for (let at = path; ; at = dirname(at)) {
    try {
      const stats = await statfs(at);
      return stats.bavail * stats.bsize;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) throw error;
    }
  }
}

export function minFreeDiskMb(config: PlatformConfig): number {
  const setting = Number(config.env.SAIS_MIN_FREE_DISK_MB);
  return config.env.SAIS_MIN_FREE_DISK_MB && Number.isFinite(setting) ? setting : defaultMinFreeDiskMb;
}

/**
 * Refuses (DiskSpaceError, 507) when the data volume has less free space than SAIS_MIN_FREE_DISK_MB.
 * Uploads meet it before a byte is read (`refuseUploadsWhenDiskFull`); workers ask `hasDiskRoom` before
 * claiming work. One statfs call: cheap enough for every upload.
 */
export async function assertDiskSpace(config: PlatformConfig): Promise<void> {
  const minimum = minFreeDiskMb(config);
  // A volume that cannot be asked (statfs failing) stops nothing: the guard is a safeguard, not a gate.
  const free = Math.floor((await freeDiskBytes(config.dataDir).catch(() => Infinity)) / MB);
  if (free < minimum) throw new DiskSpaceError(free, minimum);
}

export async function hasDiskRoom(config: PlatformConfig): Promise<boolean> {
  return assertDiskSpace(config).then(
    () => true,
    (error: unknown) => !(error instanceof DiskSpaceError),
  );
}

/** A request that brings a file: a multipart form, or a tus creation or chunk (decision 0009). */
function isUpload(request: FastifyRequest): boolean {
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  return (
    type.startsWith('multipart/form-data') ||
    type.startsWith('application/offset+octet-stream') ||
    (request.method === 'POST' &&
      (request.headers['upload-length'] !== undefined ||
        request.headers['upload-defer-length'] !== undefined))
  );
}

/**
 * Every upload entry point of the app (result files, tus, ID photos, ground truths, datasets) refuses
 * with 507 before reading a byte while the data volume is nearly full, so nothing is half-written.
 */
export function refuseUploadsWhenDiskFull(app: FastifyInstance, config: PlatformConfig): void {
  // On every route, as before, ahead of the routes' own checks (a full volume refuses an upload before its
  // caller's role is read), but synchronous: a call that brings no file (nearly all) passes at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isUpload(request)) return done();
    assertDiskSpace(config).then(() => done(), done);
  });
}
