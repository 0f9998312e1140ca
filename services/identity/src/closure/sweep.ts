import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountClosures } from './closures.ts';

/**
 * The deletion sweep runs in the background of the identity service: shortly after start, then every
 * `SAIS_DELETION_SWEEP_MS` (default an hour); `SAIS_DELETION_SWEEP=off` leaves it off. Several identity
 * processes may sweep: each deletion locks its closure row first, so an account is deleted once.
 */
export function scheduleDeletionSweep(
  app: FastifyInstance,
  closures: AccountClosures,
  env: NodeJS.ProcessEnv,
  logger: Logger,
): void {
  if (env.SAIS_DELETION_SWEEP === 'off') return;
  const every = Number(env.SAIS_DELETION_SWEEP_MS ?? 3_600_000);
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = closures.sweep().then(
      (deleted) => deleted.length > 0 && logger.info({ deleted: deleted.length }, 'deletion sweep'),
      (error: unknown) => logger.error({ err: error }, 'deletion sweep failed'),
    );
  };
  const first = setTimeout(sweep, Math.min(every, 10_000));
  const timer = setInterval(sweep, every);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
