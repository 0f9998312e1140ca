/**
 * `npm run bench -- checkpoint [appends] [million] [events=N]`
 *
 *   appends  appends/s with 4 writers over 1,000 streams, one event per call (as an upload appends),
 *            without a checkpointer, with one at the platform's defaults (poll every second, sign every
 *            minute) and with an eager one (poll every 100 ms, sign every second), in turn, twice, 5 s
 *            each: the figures without it are the anchor of the same run
 *   million  N events (default 1,000,000) bulk-inserted in 100 transactions, then: their hashes read in
 *            commit order alone and the tree's root computed from scratch in memory (the anchors), the
 *            whole log checkpointed from nothing (leaf numbers, tree files, signature), incremental
 *            checkpoints of 1,000 and 10,000 more events, and inclusion and consistency proofs at that size
 *
 * One fresh database per run (dropped at the end), the tree files in a temporary folder (removed).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata } from '@sais/events';
import { type Db, migrateSchema, openDatabase } from '@sais/kit/db';
import { EventStore, eventStoreMigrations } from '@sais/kit/eventstore';
import {
  type CheckpointSigner,
  Checkpointer,
  type LogFiles,
  MerkleFrontier,
  consistencyPath,
  hashLeaf,
  inclusionPath,
  openLogFiles,
  signerOf,
} from '@sais/kit/transparency';
import { sql } from 'kysely';
import { Cleanup } from './lib/cleanup.ts';
import {
  CpuMeter,
  countDatabaseApart,
  cpuLine,
  distribution,
  fmt,
  ms,
  otherWork,
  table,
  waitForQuiet,
} from './lib/report.ts';
import { createDatabase, printRunHeader, startServers } from './lib/servers.ts';
import type { Benchmark } from './lib/benchmark.ts';

const SETTINGS = {
  quiet: { maxWaitSeconds: 90, thresholdPct: 35 },
  appends: {
    streams: 1_000,
    writers: 4,
    seconds: 5,
    warmupSeconds: 1,
    /** The platform's defaults, and a checkpointer ten times as eager that signs every second. */
    settings: { default: { pollMs: 1_000, intervalMs: 60_000 }, eager: { pollMs: 100, intervalMs: 1_000 } },
  },
  million: { events: 1_000_000, transactions: 100, increments: [1_000, 10_000], proofs: 1_000 },
};
const SECTIONS = ['appends', 'million'] as const;
type Mode = 'off' | 'default' | 'eager';
type Section = (typeof SECTIONS)[number];

interface Context {
  db: Db;
  signer: CheckpointSigner;
  cleanup: Cleanup;
  summary: string[][];
}

const meta = (): EventMetadata => ({
  actor: { userId: null, role: 'participant' },
  correlationId: randomUUID(),
  causationId: null,
});

async function logFor(
  ctx: Context,
  schema: string,
): Promise<{ store: EventStore; files: LogFiles; dir: string }> {
  await migrateSchema(ctx.db, schema, eventStoreMigrations(schema));
  const dir = await mkdtemp(join(tmpdir(), `bench-checkpoint-${schema}-`));
  ctx.cleanup.defer(`remove ${dir}`, () => rm(dir, { recursive: true, force: true }));
  const files = await openLogFiles(dir, schema);
  ctx.cleanup.defer(`close the tree files of ${schema}`, () => files.close());
  return { store: new EventStore(ctx.db, schema), files, dir };
}

function checkpointerOf(
  ctx: Context,
  schema: string,
  files: LogFiles,
  options: { pollMs?: number; intervalMs?: number } = {},
) {
  return new Checkpointer({
    db: ctx.db,
    schema,
    files,
    signer: ctx.signer,
    origin: `bench/${schema}`,
    lock: true,
    ...options,
  });
}

/** Checkpoints until the log's tree holds every committed event (the first call of a round may see fewer). */
async function catchUp(checkpointer: Checkpointer, files: LogFiles, events: number): Promise<number> {
  let signed = 0;
  while (files.tree.size < events) {
    if (await checkpointer.checkpointNow()) signed += 1;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return signed;
}

// ---- 1. appends/s without and with a running checkpointer ---------------------------------------------

async function appends(ctx: Context): Promise<void> {
  const { streams, writers, seconds, warmupSeconds, settings } = SETTINGS.appends;
  const schema = 'bench_ckpt_appends';
  const { store, files } = await logFor(ctx, schema);
  const ids = Array.from({ length: streams }, () => randomUUID());
  const versions = new Map<string, number>();
  let appended = 0;
  const rows: string[][] = [];
  const rates: Record<Mode, number[]> = { off: [], default: [], eager: [] };
  console.log(
    `\n## 1. Appends over ${fmt(streams)} streams, ${writers} writers, 1 event per call, without and with a checkpointer (${seconds} s each)\n`,
  );
  const modes: Mode[] = ['off', 'default', 'eager', 'off', 'default', 'eager'];
  for (const mode of modes) {
    let checkpointer: Checkpointer | undefined;
    if (mode !== 'off') {
      checkpointer = checkpointerOf(ctx, schema, files, settings[mode]);
      await catchUp(checkpointer, files, appended); // the backlog of the phase before is not measured
      checkpointer.start();
    }
    const leavesBefore = files.tree.size;
    const checkpointsBefore = (await files.checkpoints.latest())?.number ?? 0;
    const latencies: number[] = [];
    let events = 0;
    const measureFrom = performance.now() + warmupSeconds * 1000;
    const until = measureFrom + seconds * 1000;
    let meter: CpuMeter | undefined;
    const writer = async (w: number) => {
      const own = ids.filter((_, i) => i % writers === w);
      for (let k = 0; performance.now() < until; k++) {
        if (!meter && performance.now() >= measureFrom) meter = new CpuMeter();
        const id = own[k % own.length]!;
        const version = versions.get(id) ?? 0;
        const t0 = performance.now();
        await store.append(
          'identity.account',
          id,
          version === 0 ? 'no_stream' : version,
          [
            version === 0
              ? {
                  type: 'identity.AccountRegistered',
                  data: {
                    accountId: id,
                    username: `u${id.slice(0, 8)}`,
                    email: `u${id.slice(0, 8)}@example.org`,
                    phone: null,
                    termsAccepted: true,
                  },
                }
              : {
                  type: 'identity.ProfileUpdated',
                  data: { accountId: id, changes: { nickname: `n${version}` } },
                },
          ],
          meta(),
        );
        const t1 = performance.now();
        versions.set(id, version + 1);
        appended += 1;
        if (t1 >= measureFrom && t1 <= until) {
          latencies.push(t1 - t0);
          events += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    const usage = (meter ?? new CpuMeter()).stop();
    await checkpointer?.stop();
    const rate = (events / (seconds * 1000)) * 1000;
    rates[mode].push(rate);
    const d = distribution(latencies);
    const signed = ((await files.checkpoints.latest())?.number ?? 0) - checkpointsBefore;
    rows.push([
      mode === 'off'
        ? 'without'
        : `with checkpointer (${mode}: poll ${settings[mode].pollMs} ms, sign every ${settings[mode].intervalMs / 1000} s)`,
      fmt(rate),
      ms(d.p50),
      ms(d.p99),
      ms(d.max),
      mode !== 'off' ? fmt(files.tree.size - leavesBefore) : '–',
      mode !== 'off' ? String(signed) : '–',
      // CPU of this process and its database per appended event: steadier than events/s on a shared host.
      `${fmt((((usage.groups['bench (this process)'] ?? 0) + (usage.groups['postgres (bench database)'] ?? 0)) * 10_000) / rate, 0)} µs`,
      `${fmt(otherWork(usage))}%`,
    ]);
    console.error(`  ${mode}: ${cpuLine(usage)}`);
  }
  console.log(
    table(
      [
        'phase',
        'events/s',
        'call p50',
        'call p99',
        'call max',
        'leaves numbered',
        'checkpoints',
        'CPU per event',
        'other work',
      ],
      rows,
    ),
  );
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  for (const mode of ['default', 'eager'] as const) {
    const ratio = mean(rates[mode]) / mean(rates.off);
    console.log(`with (${mode}) / without: ${fmt(ratio, 3)} (means of two phases each)`);
    ctx.summary.push([
      `appends/s without → with checkpointer (${mode})`,
      `${fmt(mean(rates.off))} → ${fmt(mean(rates[mode]))} /s (×${fmt(ratio, 3)})`,
    ]);
  }
}

// ---- 2. a million events ----------------------------------------------------------------------------

async function million(ctx: Context, events: number): Promise<void> {
  const { transactions, increments, proofs } = SETTINGS.million;
  const schema = 'bench_ckpt_million';
  const { store, files, dir } = await logFor(ctx, schema);
  const table_ = sql.table(`${schema}.events`);
  console.log(`\n## 2. Checkpointing ${fmt(events)} events\n`);

  let t0 = performance.now();
  const perTransaction = Math.ceil(events / transactions);
  for (let start = 0; start < events; start += perTransaction) {
    const end = Math.min(events, start + perTransaction) - 1;
    // Payloads of the size of a scored submission's; hashes of the right form (the checkpointer takes
    // the stored hash as it is; events:verify would recompute and refuse these, which is not measured).
    await sql`
      insert into ${table_} (event_id, stream_type, stream_id, stream_version, type, version, data, metadata,
        occurred_at, previous_hash, hash)
      select gen_random_uuid(), 'scoring.submission', 'submission-' || g, 1, 'scoring.SubmissionScored', 1,
        jsonb_build_object('submissionId', gen_random_uuid(), 'metric', 'rmse', 'publicScore', random(),
          'privateScore', random(), 'rows', 1000, 'groundTruthSha256', md5(g::text) || md5((g + 1)::text)),
        jsonb_build_object('actor', jsonb_build_object('userId', null, 'role', 'system'),
          'correlationId', gen_random_uuid(), 'causationId', null),
        now(), null, encode(sha256(g::text::bytea), 'hex')
      from generate_series(${start}::int, ${end}::int) g`.execute(ctx.db);
  }
  const fill = performance.now() - t0;
  console.log(`filled ${fmt(events)} events in ${transactions} transactions: ${fmt(fill / 1000, 1)} s`);

  // Anchor A: only reading the hashes in commit order, in the checkpointer's pages.
  t0 = performance.now();
  let after = { transactionId: '0', globalPosition: 0 };
  let read = 0;
  for (;;) {
    const page = await sql<{ transaction_id: string; global_position: number; hash: string }>`
      select transaction_id::text as transaction_id, global_position, hash from ${table_}
      where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition})
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by ${table_}.transaction_id, ${table_}.global_position limit 2000`.execute(ctx.db);
    if (page.rows.length === 0) break;
    read += page.rows.length;
    const last = page.rows.at(-1)!;
    after = { transactionId: last.transaction_id, globalPosition: Number(last.global_position) };
  }
  const readMs = performance.now() - t0;

  // The checkpointer from nothing: numbers every event, writes the tree files, signs.
  const checkpointer = checkpointerOf(ctx, schema, files, { intervalMs: 3_600_000 });
  const meter = new CpuMeter();
  t0 = performance.now();
  const signed = await catchUp(checkpointer, files, events);
  const fullMs = performance.now() - t0;
  const usage = meter.stop();

  // Anchor B: the root of every leaf from scratch, in memory (what an incremental checkpoint avoids).
  const leaves = await files.tree.leafHashes(0, events);
  t0 = performance.now();
  const frontier = new MerkleFrontier();
  for (let i = 0; i < events; i++) frontier.append(leaves.subarray(i * 32, i * 32 + 32));
  frontier.root();
  const rootMs = performance.now() - t0;
  t0 = performance.now();
  for (let i = 0; i < events; i++) hashLeaf(leaves.subarray(i * 32, i * 32 + 32));
  const leafHashMs = performance.now() - t0;

  const rows: string[][] = [
    [
      'read the hashes in commit order only (anchor)',
      fmt(read),
      `${fmt(readMs / 1000, 2)} s`,
      fmt((read / readMs) * 1000),
    ],
    [
      `checkpoint all from nothing (${signed} signed)`,
      fmt(events),
      `${fmt(fullMs / 1000, 2)} s`,
      fmt((events / fullMs) * 1000),
    ],
    [
      'root of all leaves from scratch, in memory (anchor)',
      fmt(events),
      `${fmt(rootMs / 1000, 2)} s`,
      fmt((events / rootMs) * 1000),
    ],
    [
      'leaf hashes alone, in memory (anchor)',
      fmt(events),
      `${fmt(leafHashMs / 1000, 2)} s`,
      fmt((events / leafHashMs) * 1000),
    ],
  ];

  // Incremental checkpoints: only the new leaves are hashed; the frontier gives the root.
  let total = events;
  for (const more of increments) {
    const ids = Array.from({ length: more }, () => randomUUID());
    for (let i = 0; i < ids.length; i += 1000)
      await store.appendMany(
        ids.slice(i, i + 1000).map((id) => ({
          streamType: 'identity.account',
          streamId: id,
          expected: 'no_stream' as const,
          events: [{ type: 'identity.ProfileUpdated', data: { accountId: id, changes: { nickname: 'x' } } }],
          metadata: meta(),
        })),
      );
    total += more;
    t0 = performance.now();
    await catchUp(checkpointer, files, total);
    const incrementMs = performance.now() - t0;
    rows.push([
      `checkpoint ${fmt(more)} more (incremental)`,
      fmt(more),
      ms(incrementMs),
      fmt((more / incrementMs) * 1000),
    ]);
  }
  console.log(table(['step', 'events', 'time', 'events/s'], rows));
  console.log(cpuLine(usage));
  // On a shared host the wall time mostly waits for other work; the CPU the checkpointing used does not.
  const cpuSeconds = (group: string) => ((usage.groups[group] ?? 0) / 100) * (fullMs / 1000);
  const own = cpuSeconds('bench (this process)');
  const database = cpuSeconds('postgres (bench database)');
  const perEvent = ((own + database) / events) * 1e6;
  console.log(
    `CPU of checkpointing all from nothing: this process ${fmt(own, 1)} s, its PostgreSQL backends ` +
      `${fmt(database, 1)} s: ${fmt(perEvent, 1)} µs per event`,
  );

  // Proofs at this size, from the tree files.
  const inclusion: number[] = [];
  const consistency: number[] = [];
  for (let i = 0; i < proofs; i++) {
    const index = Math.floor(Math.random() * total);
    let t = performance.now();
    await inclusionPath(files.tree, index, total);
    inclusion.push(performance.now() - t);
    const size1 = 1 + Math.floor(Math.random() * (total - 1));
    t = performance.now();
    await consistencyPath(files.tree, size1, total);
    consistency.push(performance.now() - t);
  }
  const inc = distribution(inclusion);
  const con = distribution(consistency);
  let treeBytes = 0;
  for (let level = 0; level < 64; level++) {
    const info = await stat(join(dir, schema, 'tree', `level-${String(level).padStart(2, '0')}`)).catch(
      () => null,
    );
    if (!info) break;
    treeBytes += info.size;
  }
  console.log(
    `\nproofs at ${fmt(total)} leaves (${proofs} each, random): inclusion p50 ${ms(inc.p50)} p99 ${ms(inc.p99)}; ` +
      `consistency p50 ${ms(con.p50)} p99 ${ms(con.p99)}. Tree files: ${fmt(treeBytes / 2 ** 20, 1)} MiB ` +
      `(${fmt(treeBytes / total, 1)} bytes per event).`,
  );
  ctx.summary.push(
    [
      `checkpoint ${fmt(events)} events from nothing`,
      `${fmt(fullMs / 1000, 1)} s (${fmt((events / fullMs) * 1000)} /s)`,
    ],
    [`  CPU (process + its PostgreSQL backends) per event`, `${fmt(perEvent, 1)} µs`],
    [`  anchors: read hashes / root from scratch`, `${fmt(readMs / 1000, 1)} s / ${fmt(rootMs / 1000, 1)} s`],
    ...rows.slice(4).map((row) => [`  ${row[0]!}`, row[2]!]),
    [`  inclusion proof p99 at ${fmt(total)}`, ms(inc.p99)],
  );
  await checkpointer.stop();
}

// ---- main ---------------------------------------------------------------------------------------------

async function main(args: readonly string[]): Promise<boolean> {
  const chosen = args.filter((arg) => (SECTIONS as readonly string[]).includes(arg)) as Section[];
  const sections = chosen.length > 0 ? chosen : [...SECTIONS];
  const eventsArg = args.find((arg) => arg.startsWith('events='));
  const events = eventsArg ? Number(eventsArg.slice('events='.length)) : SETTINGS.million.events;
  const cleanup = new Cleanup();
  let ok = true;
  try {
    const servers = await startServers(cleanup);
    const url = await createDatabase(cleanup, servers.databaseUrl, 'bench');
    countDatabaseApart(new URL(url).pathname.slice(1));
    const database = await openDatabase({ kind: 'postgres', url });
    cleanup.defer('close the database pool', () => database.close());
    await printRunHeader(
      'Checkpoint benchmark (npm run bench -- checkpoint)',
      [
        ['sections', sections.join(', ')],
        ['settings', JSON.stringify({ ...SETTINGS, million: { ...SETTINGS.million, events } })],
      ],
      { servers, databaseUrl: url },
    );
    const signer = await signerOf(generateKeyPairSync('ed25519').privateKey, 'bench');
    const ctx: Context = { db: database.db, signer, cleanup, summary: [] };
    for (const section of sections) {
      if (cleanup.stopping) break;
      const quiet = await waitForQuiet(SETTINGS.quiet.maxWaitSeconds, SETTINGS.quiet.thresholdPct);
      console.log(`\n(machine ${fmt(quiet.busy)}% busy before section ${section})`);
      try {
        if (section === 'appends') await appends(ctx);
        else await million(ctx, events);
      } catch (error) {
        ok = false;
        if (cleanup.stopping) break;
        console.error(`\nsection ${section} failed:`, error);
        ctx.summary.push([section, `FAILED: ${error instanceof Error ? error.message : String(error)}`]);
      }
    }
    console.log('\n## Summary\n');
    console.log(table(['measure', 'measured'], ctx.summary));
  } finally {
    await cleanup.run();
  }
  return ok;
}

const benchmark: Benchmark = {
  description: 'transparency checkpoints: cost on appends, 1,000,000 events',
  main,
};
export default benchmark;
