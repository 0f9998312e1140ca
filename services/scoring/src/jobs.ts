import type { FastifyInstance } from 'fastify';
import type { ExpiredUploads } from './submissions/index.ts';

/**
 * The scoring service's timer jobs, all in this file (issue 34, as identity's jobs.ts): the clean-up
 * of expired resumable uploads, and the sweep of write-up files no write-up names. `routes()` starts them once, at its end, with `startScoringJobs`: the
 * kit's service definition has event workers but no timer jobs, and the jobs need objects the routes
 * build. Each stops when the app closes.
 *
 * Not here, and why: the scoring workers, the signal scans and the container runners (with their
 * presence locks, sweeps and lease renewals) are the definition's `workers` (workers/, integrity/
 * signals.ts, containers/setup.ts), started and stopped by the kit; the board watch's poll
 * (boards/live.ts) runs only while someone reads or watches a board; an event stream's keep-alive
 * (boards/http/routes.ts) lives as long as its connection.
 */
export function startScoringJobs(
  app: FastifyInstance,
  { uploads, writeUpFiles }: { uploads: ExpiredUploads; writeUpFiles: () => Promise<number> },
): void {
  scheduleUploadCleanUp(app, uploads);
  scheduleWriteUpSweep(app, writeUpFiles);
}

/**
 * Every hour, write-up files that no team's latest write-up names and that are over an hour old are
 * removed (boards/writeups.ts, decision 0047); a failure is logged and waits for the next round.
 */
export function scheduleWriteUpSweep(app: FastifyInstance, sweep: () => Promise<number>): void {
  const timer = setInterval(
    () =>
      void sweep().then(
        (removed) => removed > 0 && app.log.info({ removed }, 'write-up files no write-up names removed'),
        (error: unknown) => app.log.warn({ err: error }, 'the sweep of write-up files failed'),
      ),
    3_600_000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Every 10 minutes, the tus server's files and the rows of resumable uploads past their expiry
 * (decision 0009) are removed; a failure waits for the next round.
 */
export function scheduleUploadCleanUp(app: FastifyInstance, uploads: ExpiredUploads): void {
  const cleanup = setInterval(() => void uploads.cleanUpExpired(), 600_000);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}
