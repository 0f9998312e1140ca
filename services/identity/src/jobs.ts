import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AccountClosures } from './closure/closures.ts';
import type { EmailNoticeMailer } from './email/mailer.ts';

/**
 * The identity service's background jobs, all in this file (issue 34): the deletion sweep and the email
 * notices. `routes()` starts them once, at its end, with `startIdentityJobs`: the kit's service
 * definition has event workers but no timer jobs, and the jobs need the objects the routes build.
 * Each stops when the app closes.
 */
export function startIdentityJobs(
  app: FastifyInstance,
  { closures, mailer }: { closures: AccountClosures; mailer: EmailNoticeMailer },
  env: NodeJS.ProcessEnv,
  logger: Logger,
): void {
  scheduleDeletionSweep(app, closures, env, logger);
  scheduleEmailNotices(app, mailer, env, logger);
}

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

/**
 * Runs the mailer in the background of the identity service every `EMAIL_NOTICES_POLL_MS` (default 2 s);
 * `SAIS_EMAIL_NOTICES=off` leaves it off (the queue still fills; another process may send).
 */
export function scheduleEmailNotices(
  app: FastifyInstance,
  mailer: EmailNoticeMailer,
  env: NodeJS.ProcessEnv,
  logger: Logger,
): void {
  if (env.SAIS_EMAIL_NOTICES === 'off') return;
  const every = Number(env.EMAIL_NOTICES_POLL_MS ?? 2_000);
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = mailer
      .sendDue()
      .catch((error: unknown) => logger.error({ err: error }, 'email notices failed'))
      .finally(() => (running = null));
  }, every);
  timer.unref();
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
