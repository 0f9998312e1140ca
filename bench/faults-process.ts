/**
 * One process of `npm run bench -- faults`, as a deployment splits the platform (infra/deploy/compose.yaml):
 *
 *   api          identity, competition and scoring: HTTP routes and relays; no projections, no workers
 *   workers      the scoring worker group only (npm run start:service -- scoring-workers)
 *   projections  every projection of the three services (and relays); the leaderboard projection also
 *                notes, in its own transaction, when it applied each submission's result
 *                (bench_faults.applied: a row per application, so a second one would show)
 *
 * Prints "faults-process ready" once it listens (api) or has subscribed; SIGTERM closes it as service-main.ts does.
 *
 *   DATABASE_URL=… KAFKA_BROKERS=… KAFKA_TOPIC_PREFIX=… SAIS_DATA_DIR=… [PORT=…] \
 *     node --import tsx bench/faults-process.ts <api|workers|projections>
 */
import { competitionService } from '@sais/competition';
import { scoring as S } from '@sais/events';
import { identityService } from '@sais/identity';
import type { Projection } from '@sais/kit/projections';
import { closeOnSignals } from '@sais/kit/http';
import { type ServiceDefinition, createPlatform, workersOnly } from '@sais/kit/platform';
import { scoringService } from '@sais/scoring';
import { sql } from 'kysely';
import pino from 'pino';

const finishing = new Set<string>([
  S.SubmissionScored.type,
  S.SubmissionInvalid.type,
  S.EvaluationFailed.type,
]);

/** The leaderboard projection, noting each applied result in the same transaction as the board. */
function noted(projection: Projection): Projection {
  return {
    ...projection,
    async applyBatch(trx, events) {
      await projection.applyBatch!(trx, events);
      const ids = events
        .filter((event) => finishing.has(event.type))
        .map((event) => (event.data as { submissionId: string }).submissionId);
      if (ids.length > 0)
        await sql`insert into bench_faults.applied (submission_id, applied_at)
          select id, clock_timestamp() from unnest(${ids}::uuid[]) as id`.execute(trx);
    },
  };
}

const routesOnly = (service: ServiceDefinition): ServiceDefinition => ({
  ...service,
  projections: () => [],
  workers: () => [],
});
const projectionsOnly = (service: ServiceDefinition): ServiceDefinition => ({
  ...service,
  workers: () => [],
  routes: async () => undefined,
});

const role = process.argv[2];
const all = [identityService, competitionService, scoringService];
const services =
  role === 'api'
    ? all.map(routesOnly)
    : role === 'workers'
      ? [workersOnly(scoringService)]
      : role === 'projections'
        ? all.map(projectionsOnly).map((service) =>
            service.name === 'scoring'
              ? {
                  ...service,
                  projections: (context: Parameters<NonNullable<ServiceDefinition['projections']>>[0]) =>
                    service.projections!(context).map((p) =>
                      p.name === 'scoring.leaderboard' ? noted(p) : p,
                    ),
                }
              : service,
          )
        : undefined;
if (!services) {
  process.stderr.write('usage: faults-process.ts <api|workers|projections>\n');
  process.exit(2);
}
const platform = await createPlatform({
  services,
  config: {
    dataDir: process.env.SAIS_DATA_DIR!,
    keysDir: `${process.env.SAIS_DATA_DIR!}-keys`,
    env: { ...process.env, SAIS_SEED: 'off', SCORING_RUNNER: 'off', SCORING_SIGNAL_SCAN: 'off' },
  },
  logger: pino({ level: process.env.LOG_LEVEL ?? 'warn' }),
});
closeOnSignals(
  () => platform.close(),
  (message) => platform.app.log.warn(message),
);
if (role === 'api') await platform.app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('faults-process ready\n');
