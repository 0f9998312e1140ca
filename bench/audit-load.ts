/**
 * `npm run bench -- audit-load [modes=embedded,servers] [history=N] [people=N]`
 *
 * Issue 17 (decision 0016): the auditors' tools never hold anyone up. The whole platform with a history
 * of `history` scored submissions (default 4,000; two events each), `people` participants (default 20)
 * signing in, uploading and reading boards, and each audit tool run while they do: a leaderboard as of
 * now in the background, the same as-of asked directly, a replay, the hash chains verified, the read
 * models checked. Target: no participant request over 2 s while a tool runs, and `/api/ready` ready
 * throughout. In the embedded default (PGlite) and on PostgreSQL and Kafka (DATABASE_URL /
 * KAFKA_BROKERS, or containers). The scenario is services/gateway/test/audit-load-scenario.ts, shared with
 * audit-load.e2e.test.ts, which keeps the functional promise with a generous bound in `npm test`. Run it
 * with nothing else on the machine: the bound is about the platform, not about a busy host.
 */
import {
  type AuditLoadMode,
  type ToolRun,
  auditLoadScenario,
} from '../services/gateway/test/audit-load-scenario.ts';
import type { Benchmark } from './lib/benchmark.ts';
import { Cleanup } from './lib/cleanup.ts';
import { fmt, table } from './lib/report.ts';
import { createDatabase, deleteTopics, printRunHeader, startServers } from './lib/servers.ts';

const LIMIT_MS = 2000;

async function main(args: readonly string[]): Promise<boolean> {
  const setting = (name: string) => args.find((a) => a.startsWith(`${name}=`))?.split('=')[1];
  const modes = (setting('modes') ?? 'embedded,servers').split(',');
  const history = Number(setting('history') ?? 4000);
  const people = Number(setting('people') ?? 20);
  await printRunHeader('audit tools under load', [
    ['modes', modes.join(', ')],
    ['history', `${fmt(history)} scored submissions`],
    ['participants', String(people)],
    ['target', `every participant request under ${fmt(LIMIT_MS)} ms while a tool runs`],
  ]);
  const rows: string[][] = [];
  let ok = true;
  for (const short of modes) {
    const mode: AuditLoadMode = short === 'embedded' ? 'embedded (PGlite)' : 'PostgreSQL and Kafka';
    const cleanup = new Cleanup();
    try {
      let serverEnv: NodeJS.ProcessEnv | undefined;
      if (short !== 'embedded') {
        const servers = await startServers(cleanup);
        const topicPrefix = `bench-al-${Date.now().toString(36)}.`;
        cleanup.defer('delete the run’s Kafka topics', () => deleteTopics(servers.kafkaBrokers, topicPrefix));
        serverEnv = {
          DATABASE_URL: await createDatabase(cleanup, servers.databaseUrl, 'auditload'),
          KAFKA_BROKERS: servers.kafkaBrokers.join(','),
          KAFKA_TOPIC_PREFIX: topicPrefix,
        };
      }
      const started = performance.now();
      const scenario = await auditLoadScenario({ mode, serverEnv, history, people });
      cleanup.defer('close the platform', () => scenario.close());
      console.log(
        `${mode}: platform, history and participants ready in ${fmt((performance.now() - started) / 1000, 1)} s`,
      );
      const row = (name: string, run: ToolRun<unknown>, bounded: boolean) => {
        const failed = run.timings.filter((t) => t.code !== 0).length;
        const notReady = run.ready.filter((t) => t.code !== 0).length;
        const met = !bounded || (run.figures.max < LIMIT_MS && failed === 0 && notReady === 0);
        if (!met) ok = false;
        rows.push([
          mode,
          name,
          fmt(run.toolMs / 1000, 1),
          fmt(run.figures.requests),
          `${fmt(run.figures.p50)} ms`,
          `${fmt(run.figures.p99)} ms`,
          `${fmt(run.figures.max)} ms (${run.figures.slowest})`,
          String(failed + notReady),
          bounded ? (met ? 'MET' : 'MISSED') : '–',
        ]);
        console.log(`${mode}, ${name}: ${JSON.stringify(run.figures)}`);
      };
      row('participants alone (5 s)', await scenario.alone(), false);
      row('as-of (background job)', await scenario.asOf(), true);
      row('as-of asked directly', await scenario.asOfDirect(), true);
      row('replay', await scenario.replay(), true);
      row('verify hash chains', await scenario.verify(), true);
      row('read models checked', await scenario.readModels(), true);
    } finally {
      await cleanup.run();
    }
  }
  console.log(
    `\n${table(['mode', 'while', 'tool s', 'requests', 'p50', 'p99', 'slowest', 'failed', `< ${fmt(LIMIT_MS)} ms`], rows)}`,
  );
  return ok;
}

const benchmark: Benchmark = {
  description:
    'participants answered within 2 s while each audit tool runs (embedded and PostgreSQL + Kafka)',
  main,
};
export default benchmark;
