/**
 * `npm run bench -- leaderboard [seconds=10] [connections=50] [teams=10000]`
 *
 * The public leaderboard's first page (50 rows) of a competition with 10,000 teams, read through the
 * real service (createPlatform with identity and scoring on PostgreSQL and Kafka, its session cookie,
 * envelope, validation and page cache) listening on 127.0.0.1, against a bare Fastify route returning a
 * constant envelope in the same run. Load: a separate process with 50 keep-alive connections
 * (bench/scoring-load.ts; autocannon is not installed). Prints requests/s, the ratio and latencies.
 *
 * Rows: the bare route; the page asking for no coding (the row the targets are held on: it is what the
 * bare route is measured as, uncompressed, and what every earlier figure measured); the same with its
 * ETag (304); and as real clients ask (`Accept-Encoding: br, gzip`, as browsers and Node's fetch send:
 * the page compressed once per board change, ~4× fewer bytes), then with that page's tag (304).
 *
 * The read model is filled with SQL (10,000 leaderboard rows, 7,000 one-person teams and 3,000 teams of
 * two): this measures reads, not the pipeline that fills it.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Accounts, identityService } from '@sais/identity';
import { Leaderboards, scoringService } from '@sais/scoring';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { Cleanup } from './lib/cleanup.ts';
import { fmt, table, verdict } from './lib/report.ts';
import { profileWindow } from './lib/profile.ts';
import { reportFigures } from './lib/result.ts';
import { benchPlatform, printRunHeader } from './lib/servers.ts';
import type { Benchmark } from './lib/benchmark.ts';

/**
 * At least the best the code has reached (issue 32): 0.74× bare at bdbc857 (2026-11-25), so a change
 * that costs the route a few per cent of its throughput shows as MISSED. The p99 is held against the
 * bare route's p99 of the same run, not a fixed bound a busy host alone can break.
 */
// uncachedMs: the page query behind a cache miss, median (25–34 ms on 11-25; 1,100–1,300 ms on 11-29
// before decision 0052, unnoticed because no figure or target carried it).
const TARGETS = { ratio: 0.7, p99VsBare: 1.5, uncachedMs: 50 };
const run = promisify(execFile);

interface Load {
  requests: number;
  failures: number;
  perSecond: number;
  bytesPerResponse: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** What a load's requests send beside the path (an empty or absent value: no such header). */
interface Sent {
  cookie?: string;
  ifNoneMatch?: string;
  acceptEncoding?: string;
}

async function load(port: number, path: string, connections: number, seconds: number, sent: Sent = {}) {
  const { stdout } = await run(
    process.execPath,
    [
      join(import.meta.dirname, 'scoring-load.ts'),
      String(port),
      path,
      String(connections),
      String(seconds),
      sent.cookie ?? '',
      sent.ifNoneMatch ?? '',
      sent.acceptEncoding ?? '',
    ],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout) as Load;
}

/**
 * `load`, with the CPU time this process (the server under test: the platform, and the bare route)
 * spent per request meanwhile: what a busy shared host changes least.
 */
async function measured(...args: Parameters<typeof load>): Promise<Load & { cpuUsPerRequest: number }> {
  const before = process.cpuUsage();
  const result = await load(...args);
  const used = process.cpuUsage(before);
  return { ...result, cpuUsPerRequest: (used.user + used.system) / Math.max(1, result.requests) };
}

async function main(args: readonly string[]): Promise<boolean> {
  const setting = (name: string, fallback: number) =>
    Number(args.find((a) => a.startsWith(`${name}=`))?.split('=')[1] ?? fallback);
  const seconds = setting('seconds', 10);
  const connections = setting('connections', 50);
  const teams = setting('teams', 10_000);
  const cleanup = new Cleanup();
  try {
    const {
      platform,
      servers,
      databaseUrl: url,
    } = await benchPlatform(cleanup, {
      name: 'leaderboard',
      services: [identityService, scoringService],
      env: { SAIS_WORKERS: 'off' },
    });
    const db = platform.database.db;

    const seeded = performance.now();
    const competitionId = randomUUID();
    const solo = Math.round(teams * 0.7);
    await sql`insert into scoring.competitions (competition_id, settings, phases) values (${competitionId},
      ${JSON.stringify({ dailySubmissionLimit: 5, timeZone: 'Asia/Shanghai', title: { en: 'Bench', 'zh-CN': '基准' } })}::jsonb,
      '{}'::jsonb)`.execute(db);
    // One-person teams: the team id is the account id.
    await sql`insert into scoring.people (account_id, username, organization)
      select md5('solo' || i)::uuid, 'solo' || i, 'University ' || (i % 300) from generate_series(1, ${solo}) i`.execute(
      db,
    );
    // Teams of two.
    await sql`insert into scoring.people (account_id, username, organization)
      select md5('member' || i)::uuid, 'member' || i, 'Institute ' || (i % 200) from generate_series(1, ${2 * (teams - solo)}) i`.execute(
      db,
    );
    await sql`insert into scoring.memberships (competition_id, account_id, team_id, team_name)
      select ${competitionId}, md5('member' || i)::uuid, md5('team' || ((i + 1) / 2))::uuid::text, 'Team ' || ((i + 1) / 2)
      from generate_series(1, ${2 * (teams - solo)}) i`.execute(db);
    await sql`insert into scoring.leaderboard (competition_id, phase, team_id, metric, best_score, submission_id, submitted_at)
      select ${competitionId}, 'preliminary',
        case when i <= ${solo} then md5('solo' || i)::uuid::text else md5('team' || (i - ${solo}))::uuid::text end,
        'rmse', round((random() * 10)::numeric, 4)::float8, gen_random_uuid(), now() - (random() * interval '30 days')
      from generate_series(1, ${teams}) i`.execute(db);
    await sql`analyze`.execute(db);
    const seedMs = performance.now() - seeded;

    // A signed-in participant's cookie, as the portal sends it.
    const username = `bench${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    await new Accounts(
      db,
      platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    ).createStaff(
      { username, email: `${username}@example.org`, password: 'secret123', roles: [] },
      { actor: { userId: null, role: 'system' }, correlationId: randomUUID(), causationId: null },
    );
    const login = await platform.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username, password: 'secret123' },
    });
    const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0];

    await platform.app.listen({ port: 0, host: '127.0.0.1' });
    const ourPort = (platform.app.server.address() as { port: number }).port;
    const path = `/api/leaderboard/public?competitionId=${competitionId}&page=1&pageSize=50`;
    // The page's tag as the plain row's requests get it: no coding asked for. (Node's fetch asks for
    // `gzip, deflate, br` by itself, and a compressed answer has a tag of its own: with that tag every
    // request of the 304 row was a 200, from b4b1a15 to 25356f0.)
    const firstAnswer = await fetch(`http://127.0.0.1:${ourPort}${path}`, {
      headers: { cookie, 'accept-encoding': 'identity' },
    });
    const etag = firstAnswer.headers.get('etag') ?? undefined;
    // What browsers and Node's fetch send, and the tag of the page compressed for them.
    const realClients = 'br, gzip';
    const compressed = await fetch(`http://127.0.0.1:${ourPort}${path}`, {
      headers: { cookie, 'accept-encoding': realClients },
    });
    await compressed.arrayBuffer();
    const brEtag = compressed.headers.get('etag') ?? undefined;
    if (compressed.headers.get('content-encoding') !== 'br' || !brEtag || brEtag === etag)
      throw new Error(
        `the page is not sent in br with a tag of its own: ${compressed.headers.get('content-encoding')} ${brEtag}`,
      );
    const first = (await firstAnswer.json()) as {
      code: number;
      data: { total: number; records: unknown[] };
    };
    if (first.code !== 0 || first.data.total !== teams || first.data.records.length !== 50)
      throw new Error(`unexpected first page: ${JSON.stringify(first).slice(0, 300)}`);

    // The query behind a cache miss, for reference.
    const uncached = new Leaderboards(db);
    const queryTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await uncached.page({ competitionId, phase: 'preliminary', page: 1, pageSize: 50 });
      queryTimes.push(performance.now() - t0);
    }
    queryTimes.sort((a, b) => a - b);

    const bare = Fastify({ logger: false });
    const constant = { code: 0, message: 'success', data: { ok: true } };
    bare.get('/api/bare', async () => constant);
    await bare.listen({ port: 0, host: '127.0.0.1' });
    cleanup.defer('close the bare server', () => bare.close());
    const barePort = (bare.server.address() as { port: number }).port;

    await printRunHeader(
      'Leaderboard read benchmark (npm run bench -- leaderboard)',
      [
        [
          'read model',
          `${fmt(teams)} teams (${fmt(solo)} alone, ${fmt(teams - solo)} of two), seeded in ${fmt(seedMs)} ms`,
        ],
        [
          'load',
          `${connections} keep-alive connections, ${seconds} s per target, separate process (bench/scoring-load.ts)`,
        ],
        ['page size', `${fmt(JSON.stringify(first).length)} bytes of JSON (50 rows)`],
      ],
      { servers, databaseUrl: url },
    );
    // Warm both (JIT, the page cache, connection set-up).
    await load(barePort, '/api/bare', connections, 2);
    await load(ourPort, path, connections, 2, { cookie });
    // SAIS_BENCH_CPU_PROF: a profile of each row's load, and of nothing else (bench/lib/profile.ts), so
    // the route's cost can be read part by part against the bare route's (the profiler's own cost is in
    // every row alike).
    const bareLoad = await profileWindow('leaderboard-bare', () =>
      measured(barePort, '/api/bare', connections, seconds),
    );
    const ourLoad = await profileWindow('leaderboard-load', () =>
      measured(ourPort, path, connections, seconds, { cookie }),
    );
    // A reader that has the page (its ETag): 304 and no body, while the board has not changed.
    const notModified = etag
      ? await profileWindow('leaderboard-304', () =>
          measured(ourPort, path, connections, seconds, { cookie, ifNoneMatch: etag }),
        )
      : undefined;
    // What real clients send: `Accept-Encoding: br, gzip` (the page compressed once per board change),
    // then the same with the br page's tag.
    const brLoad = await profileWindow('leaderboard-br', () =>
      measured(ourPort, path, connections, seconds, { cookie, acceptEncoding: realClients }),
    );
    const brNotModified = await profileWindow('leaderboard-br-304', () =>
      measured(ourPort, path, connections, seconds, {
        cookie,
        acceptEncoding: realClients,
        ifNoneMatch: brEtag,
      }),
    );
    const row = (name: string, l: Load & { cpuUsPerRequest: number }) => [
      name,
      fmt(l.perSecond),
      fmt(l.requests),
      fmt(l.failures),
      fmt(l.bytesPerResponse),
      `${fmt(l.p50, 2)} ms`,
      `${fmt(l.p90, 2)} ms`,
      `${fmt(l.p99, 2)} ms`,
      `${fmt(l.max, 1)} ms`,
      `${fmt(l.cpuUsPerRequest, 1)} µs`,
    ];
    console.log('\n## Load\n');
    console.log(
      table(
        [
          'target',
          'req/s',
          'requests',
          'unexpected',
          'bytes/resp',
          'p50',
          'p90',
          'p99',
          'max',
          'CPU/request',
        ],
        [
          row('bare Fastify, constant envelope', bareLoad),
          row('GET /api/leaderboard/public (real service)', ourLoad),
          ...(notModified ? [row('same, If-None-Match: its ETag (304)', notModified)] : []),
          row(`same, Accept-Encoding: ${realClients} (br)`, brLoad),
          row(`same, Accept-Encoding: ${realClients}, If-None-Match (304)`, brNotModified),
        ],
      ),
    );
    console.log(
      '\nCPU/request: CPU time of the server process during the load ÷ requests (it serves both routes).',
    );
    console.log(
      `uncached first-page query (cache miss; 20 runs): median ${fmt(queryTimes[10]!, 2)} ms, max ${fmt(queryTimes[19]!, 2)} ms`,
    );
    const ratio = ourLoad.perSecond / bareLoad.perSecond;
    const p99VsBare = ourLoad.p99 / bareLoad.p99;
    console.log('\n## Summary against the targets\n');
    console.log(
      table(
        ['measure', 'target', 'measured', 'verdict'],
        [
          [
            'ours req/s ÷ bare req/s',
            `≥ ${TARGETS.ratio}`,
            fmt(ratio, 3),
            verdict(ratio, TARGETS.ratio, true),
          ],
          [
            'ours p99 ÷ bare p99',
            `≤ ${TARGETS.p99VsBare}`,
            `${fmt(p99VsBare, 2)} (${fmt(ourLoad.p99, 2)} ms ÷ ${fmt(bareLoad.p99, 2)} ms)`,
            verdict(p99VsBare, TARGETS.p99VsBare, false),
          ],
          [
            'uncached first page, median ms',
            `≤ ${TARGETS.uncachedMs}`,
            fmt(queryTimes[10]!, 2),
            verdict(queryTimes[10]!, TARGETS.uncachedMs, false),
          ],
          ...(notModified
            ? [
                [
                  '304 req/s ÷ bare req/s',
                  '(none)',
                  fmt(notModified.perSecond / bareLoad.perSecond, 3),
                  notModified.failures === 0 ? 'all 304' : `${fmt(notModified.failures)} not 304`,
                ],
              ]
            : []),
          [
            'ours CPU/request ÷ bare CPU/request',
            '(none)',
            fmt(ourLoad.cpuUsPerRequest / bareLoad.cpuUsPerRequest, 2),
            '',
          ],
          [
            `br (Accept-Encoding: ${realClients}) req/s ÷ bare req/s`,
            '(none)',
            fmt(brLoad.perSecond / bareLoad.perSecond, 3),
            brLoad.failures === 0 ? 'all br' : `${fmt(brLoad.failures)} not a br 200`,
          ],
          [
            'br 304 req/s ÷ bare req/s',
            '(none)',
            fmt(brNotModified.perSecond / bareLoad.perSecond, 3),
            brNotModified.failures === 0 ? 'all 304' : `${fmt(brNotModified.failures)} not 304`,
          ],
        ],
      ),
    );
    reportFigures({
      'ours req/s ÷ bare req/s': ratio,
      'ours p99 ÷ bare p99': p99VsBare,
      'bare req/s': bareLoad.perSecond,
      'ours req/s': ourLoad.perSecond,
      'bare p99 ms': bareLoad.p99,
      'ours p99': ourLoad.p99,
      'bare CPU µs/request': bareLoad.cpuUsPerRequest,
      'ours CPU µs/request': ourLoad.cpuUsPerRequest,
      'ours CPU ÷ bare CPU': ourLoad.cpuUsPerRequest / bareLoad.cpuUsPerRequest,
      ...(notModified
        ? {
            '304 req/s ÷ bare req/s': notModified.perSecond / bareLoad.perSecond,
            '304 CPU µs/request': notModified.cpuUsPerRequest,
          }
        : {}),
      'br req/s ÷ bare req/s': brLoad.perSecond / bareLoad.perSecond,
      'br CPU µs/request': brLoad.cpuUsPerRequest,
      'br 304 CPU µs/request': brNotModified.cpuUsPerRequest,
      'uncached page ms': queryTimes[10]!,
    });
    return (
      ourLoad.failures === 0 &&
      (notModified?.failures ?? 0) === 0 &&
      brLoad.failures === 0 &&
      brNotModified.failures === 0 &&
      ratio >= TARGETS.ratio &&
      p99VsBare <= TARGETS.p99VsBare &&
      queryTimes[10]! <= TARGETS.uncachedMs
    );
  } finally {
    await cleanup.run();
  }
}

const benchmark: Benchmark = { description: 'leaderboard first page through the real service', main };
export default benchmark;
