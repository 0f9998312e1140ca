/**
 * `npm run bench -- fair-queue [slots=3] [burst=40] [runs=6] [seed=1] [long=0]`
 *
 * The fair queue of container runs (decision 0038) against first come, first served, on the real
 * selection and a real PostgreSQL (scoring's tables, migrated by the platform): two competitions (six and
 * four teams); one team of the first bursts `burst` runs at the start, every other team submits `runs`
 * runs at random times (exponential gaps, mean 90 s). `slots` runners take runs; a run lasts a simulated
 * 30–90 s (seeded; with `long=S`, competition B's runs last S s), so no container is started: the figures
 * are the queue's own. Each run declares the default 1,800 s (SCORING_RUN_TIMEOUT_S) and is charged by
 * the time it used once it ends (decision 0038: its end is written on the database's clock, as the
 * runner's would be, and settled by the next choice). The clock is simulated
 * (each claim is a real transaction on the database: the fair one takes the queue's row lock, reads the
 * waiting runs and the shared state, chooses and writes the state back; FIFO takes the oldest waiting run).
 * Both orders run in the same process on the same arrivals: FIFO is the anchor. Prints each team's wait
 * (arrival → claim, simulated seconds: mean, p95, max) and the time per claim.
 *
 * The rows are written straight into scoring.submissions / container_runs of the benchmark's own fresh
 * database (status Waiting → Evaluating → Completed, finished_at its choice + its duration): the
 * benchmark measures the choice, not the commands.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@sais/kit/db';
import { takeNextFair } from '../services/scoring/src/containers/run-queue.ts';
import { scoringHarness } from '../services/scoring/test/support.ts';
import { Cleanup } from './lib/cleanup.ts';
import { distribution, fmt, ms, table } from './lib/report.ts';
import { reportFigures } from './lib/result.ts';
import { printRunHeader, startServers } from './lib/servers.ts';
import type { Benchmark } from './lib/benchmark.ts';

/** A small seeded generator (mulberry32): the same arrivals and durations for both orders. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Arrival {
  /** Simulated seconds from the start. */
  at: number;
  competition: 0 | 1;
  team: string;
  /** Simulated seconds it runs. */
  duration: number;
}

function arrivals(burst: number, runs: number, seed: number, long: number): Arrival[] {
  const next = random(seed);
  const out: Arrival[] = [];
  // The same draws whatever `long` is: the arrivals do not move.
  const duration = (competition: 0 | 1 = 0) => {
    const seconds = 30 + next() * 60;
    return competition === 1 && long > 0 ? long : seconds;
  };
  // Competition 0: teams a0–a5 (a0 bursts); competition 1: teams b0–b3.
  for (let i = 0; i < burst; i++) out.push({ at: i * 0.5, competition: 0, team: 'a0', duration: duration() });
  const teams: [0 | 1, string][] = [
    ...['a1', 'a2', 'a3', 'a4', 'a5'].map((team): [0 | 1, string] => [0, team]),
    ...['b0', 'b1', 'b2', 'b3'].map((team): [0 | 1, string] => [1, team]),
  ];
  for (const [competition, team] of teams) {
    let at = next() * 30;
    for (let i = 0; i < runs; i++) {
      out.push({ at, competition, team, duration: duration(competition) });
      at += -Math.log(1 - next()) * 90;
    }
  }
  return out.sort((x, y) => x.at - y.at);
}

type Choose = (trx: Db) => Promise<string | null>;

const fifo: Choose = async (trx) => {
  const row = await sql<{ submission_id: string }>`
    select r.submission_id from scoring.container_runs r join scoring.submissions s using (submission_id)
    where s.status = 'Waiting' order by r.created_at, r.submission_id limit 1 for update of r skip locked`.execute(
    trx,
  );
  return row.rows[0]?.submission_id ?? null;
};

const fair: Choose = async (trx) => (await takeNextFair(trx))?.submissionId ?? null;

/** Plays the arrivals through `slots` runners choosing with `choose`; answers each run's wait and the claims' times. */
async function play(db: Db, all: readonly Arrival[], slots: number, choose: Choose) {
  const epoch = Date.UTC(2030, 0, 1);
  const competitions = [randomUUID(), randomUUID()];
  const ids = new Map<string, Arrival>();
  const waits = new Map<string, number[]>();
  const claimMs: number[] = [];
  /** Running runs: their simulated end times. */
  let running: { end: number; submissionId: string; duration: number; competition: 0 | 1 }[] = [];
  let index = 0;
  let now = 0;
  let pending = 0;
  /** Waiting runs per competition, and the run-seconds each used while both had runs waiting. */
  const waitingOf = [0, 0];
  const contended = [0, 0];
  while (index < all.length || pending > 0 || running.length > 0) {
    // Arrivals up to now.
    while (index < all.length && all[index]!.at <= now) {
      const arrival = all[index++]!;
      const submissionId = randomUUID();
      ids.set(submissionId, arrival);
      const created = new Date(epoch + arrival.at * 1000);
      const competitionId = competitions[arrival.competition]!;
      await sql`insert into scoring.submissions (submission_id, competition_id, phase, team_id, submitter_id,
          file_name, size, sha256, quota_day, status, created_at, updated_at)
        values (${submissionId}, ${competitionId}, 'preliminary', ${arrival.team}, ${randomUUID()}, 'image', 0,
          ${'0'.repeat(64)}, '2030-01-01', 'Waiting', ${created}, ${created})`.execute(db);
      await sql`insert into scoring.container_runs (submission_id, competition_id, team_id, image, config_path, created_at)
        values (${submissionId}, ${competitionId}, ${arrival.team}, 'bench:1', '/app/run.sh', ${created})`.execute(
        db,
      );
      pending++;
      waitingOf[arrival.competition]!++;
    }
    // Free slots take runs.
    while (running.length < slots && pending > 0) {
      const started = performance.now();
      const chosen = await db.transaction().execute(async (trx) => {
        const id = await choose(trx);
        if (id)
          await sql`update scoring.submissions set status = 'Evaluating' where submission_id = ${id}`.execute(
            trx,
          );
        return id;
      });
      claimMs.push(performance.now() - started);
      if (!chosen) throw new Error('nothing chosen while runs wait');
      const arrival = ids.get(chosen)!;
      const list = waits.get(arrival.team) ?? [];
      list.push(now - arrival.at);
      waits.set(arrival.team, list);
      running.push({
        end: now + arrival.duration,
        submissionId: chosen,
        duration: arrival.duration,
        competition: arrival.competition,
      });
      pending--;
      waitingOf[arrival.competition]!--;
    }
    // The next moment something happens: an arrival or a run's end.
    const nextEnd = running.length > 0 ? Math.min(...running.map((run) => run.end)) : Infinity;
    const nextArrival = index < all.length ? all[index]!.at : Infinity;
    const then = Math.min(nextEnd, nextArrival);
    if (waitingOf[0]! > 0 && waitingOf[1]! > 0 && Number.isFinite(then))
      for (const run of running) contended[run.competition]! += then - now;
    now = then;
    // Runs that ended: finished on the database's clock, their duration after their choice.
    for (const run of running.filter((r) => r.end <= now))
      await sql`update scoring.submissions s set status = 'Completed',
          finished_at = coalesce(r.charged_at, now()) + make_interval(secs => ${run.duration})
        from scoring.container_runs r
        where r.submission_id = s.submission_id and s.submission_id = ${run.submissionId}`.execute(db);
    running = running.filter((run) => run.end > now);
  }
  // The runs of this play leave the queue.
  await sql`update scoring.submissions set status = 'Completed' where competition_id = any(${competitions})`.execute(
    db,
  );
  return { waits, claimMs, contended };
}

async function main(args: readonly string[]): Promise<boolean> {
  const arg = (name: string, fallback: number) =>
    Number(args.find((a) => a.startsWith(`${name}=`))?.split('=')[1] ?? fallback);
  const slots = arg('slots', 3);
  const burst = arg('burst', 40);
  const runs = arg('runs', 6);
  const seed = arg('seed', 1);
  const long = arg('long', 0);
  const cleanup = new Cleanup();
  try {
    const servers = await startServers(cleanup);
    process.env.DATABASE_URL = servers.databaseUrl;
    process.env.KAFKA_BROKERS = servers.kafkaBrokers.join(',');
    const harness = await scoringHarness({ SCORING_RUNNER: 'off', SCORING_WORKERS: 'off' }, undefined, {
      embedded: false,
    });
    cleanup.defer('close the platform', () => harness.close());
    const all = arrivals(burst, runs, seed, long);
    await printRunHeader('Fair queue of container runs vs FIFO (decision 0038)', [
      [
        'runners',
        `${slots} slots; runs last 30–90 s${long > 0 ? ` (competition B's ${long} s)` : ''} (simulated, seed ${seed}); each declares 1,800 s`,
      ],
      [
        'arrivals',
        `competition A: a0 bursts ${burst} at t=0–${burst / 2} s, a1–a5 ${runs} each; competition B: b0–b3 ${runs} each (exponential gaps, mean 90 s)`,
      ],
      ['weights', '1 and 1'],
    ]);
    const anchor = await play(harness.db, all, slots, fifo);
    const fairRun = await play(harness.db, all, slots, fair);
    const teams = [...new Set(all.map((a) => a.team))].sort();
    const rows = teams.map((team) => {
      const f = distribution(anchor.waits.get(team) ?? []);
      const q = distribution(fairRun.waits.get(team) ?? []);
      return [
        team,
        String(f.count),
        fmt(f.mean, 0),
        fmt(f.p95, 0),
        fmt(f.max, 0),
        fmt(q.mean, 0),
        fmt(q.p95, 0),
        fmt(q.max, 0),
      ];
    });
    console.log('\nWait from submission to claim, simulated seconds\n');
    console.log(
      table(['team', 'runs', 'FIFO mean', 'FIFO p95', 'FIFO max', 'fair mean', 'fair p95', 'fair max'], rows),
    );
    const others = (waits: Map<string, number[]>) =>
      distribution(teams.filter((team) => team !== 'a0').flatMap((team) => waits.get(team) ?? []));
    const fo = others(anchor.waits);
    const fq = others(fairRun.waits);
    const ofB = (waits: Map<string, number[]>) =>
      distribution(teams.filter((team) => team.startsWith('b')).flatMap((team) => waits.get(team) ?? []));
    const bo = ofB(anchor.waits);
    const bq = ofB(fairRun.waits);
    const burstFifo = distribution(anchor.waits.get('a0') ?? []);
    const burstFair = distribution(fairRun.waits.get('a0') ?? []);
    const fc = distribution(anchor.claimMs);
    const qc = distribution(fairRun.claimMs);
    console.log('\nSummary\n');
    console.log(
      table(
        ['measure', 'FIFO (anchor)', 'fair', 'fair / FIFO'],
        [
          ['other teams: mean wait (s)', fmt(fo.mean, 0), fmt(fq.mean, 0), `${fmt(fq.mean / fo.mean, 2)}×`],
          ['other teams: p95 wait (s)', fmt(fo.p95, 0), fmt(fq.p95, 0), `${fmt(fq.p95 / fo.p95, 2)}×`],
          ['other teams: max wait (s)', fmt(fo.max, 0), fmt(fq.max, 0), `${fmt(fq.max / fo.max, 2)}×`],
          ['competition B: mean wait (s)', fmt(bo.mean, 0), fmt(bq.mean, 0), `${fmt(bq.mean / bo.mean, 2)}×`],
          [
            'bursting team: mean wait (s)',
            fmt(burstFifo.mean, 0),
            fmt(burstFair.mean, 0),
            `${fmt(burstFair.mean / burstFifo.mean, 2)}×`,
          ],
          [
            'run-seconds while both wait: A / B',
            fmt(anchor.contended[0]! / anchor.contended[1]!, 2),
            fmt(fairRun.contended[0]! / fairRun.contended[1]!, 2),
            '(weights 1:1)',
          ],
          ['claim transaction p50', ms(fc.p50), ms(qc.p50), `${fmt(qc.p50 / fc.p50, 2)}×`],
          ['claim transaction p95', ms(fc.p95), ms(qc.p95), `${fmt(qc.p95 / fc.p95, 2)}×`],
        ],
      ),
    );
    reportFigures({
      othersP95WaitFifoS: fo.p95,
      othersP95WaitFairS: fq.p95,
      othersMaxWaitFifoS: fo.max,
      othersMaxWaitFairS: fq.max,
      contendedShareFifo: anchor.contended[0]! / anchor.contended[1]!,
      contendedShareFair: fairRun.contended[0]! / fairRun.contended[1]!,
      competitionBMeanWaitFifoS: bo.mean,
      competitionBMeanWaitFairS: bq.mean,
      claimP50FairMs: qc.p50,
    });
    return true;
  } finally {
    await cleanup.run();
  }
}

const benchmark: Benchmark = {
  description:
    'fair queue of container runs vs FIFO: two competitions, ten teams, one bursting; real selection on PostgreSQL, simulated run durations; wait per team (mean, p95, max). Args: slots=N burst=N runs=N seed=N',
  main,
};
export default benchmark;
