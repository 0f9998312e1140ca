// Anyone can keep a copy: a mirror fetches the platform's checkpoints over HTTP, checks each by its
// consistency proof from the copy's latest and by the pinned key, and stores them with their leaves.
// A history rewritten after the copy was made then contradicts the copy.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transparency } from '@sais/events';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Platform,
  checkEventLogs,
  createPlatform,
  defineService,
  mirrorLogs,
  signerOf,
} from '../src/index.ts';
import { freshDatabase } from '../src/testing/index.ts';
import { appendHistory, asAttacker, checkpointCovering, rechain } from './fixtures/transparency.ts';

const service = defineService({
  name: 'identity',
  schema: 'identity',
  prefixes: [],
  migrations: {},
  routes: async () => {},
});

describe('a mirror of the transparency log', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let root: string;
  let platform: Platform;
  let origin: string;
  const mirrorDir = () => join(root, 'mirror');

  async function start() {
    platform = await createPlatform({
      services: [service],
      config: {
        dataDir: join(root, 'data'),
        keysDir: join(root, 'keys'),
        // Checkpoints only when the test asks, so their numbers are known.
        env: { DATABASE_URL: fresh.url, SAIS_TRANSPARENCY: 'off' },
      },
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    });
    origin = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  }
  const store = () => platform.stores.get('identity')!;
  const checkpoint = (size: number) =>
    checkpointCovering(platform.checkpointers.get('identity')!, size, { store: store() });
  const mirror = (keys?: transparency.VerifierKey[]) =>
    mirrorLogs({ url: origin, directory: mirrorDir(), logs: ['identity'], keys });
  const api = async <T>(path: string): Promise<T> =>
    ((await (await fetch(`${origin}/api/transparency/identity${path}`)).json()) as { data: T }).data;

  beforeAll(async () => {
    fresh = await freshDatabase('tlog_mirror');
    await fresh.database.close();
    root = await mkdtemp(join(tmpdir(), 'sais-tlog-mirror-'));
    await start();
  });
  afterAll(async () => {
    await platform?.close();
    await fresh?.drop();
    await rm(root, { recursive: true, force: true });
  });

  it('copies checkpoints and leaves, each checked by its consistency proof from the copy', async () => {
    await appendHistory(store());
    expect((await checkpoint(16)).number).toBe(1);
    const first = await mirror();
    expect(first.ok).toBe(true);
    expect(first.lines.join('\n')).toMatch(/pinned the platform's key sais-platform\+[0-9a-f]{8}\+/);
    expect(first.lines.at(-1)).toBe('identity: 1 new checkpoints #1–#1, 16 new events');

    await appendHistory(store(), 2, 3);
    expect((await checkpoint(24)).number).toBe(2);
    const second = await mirror();
    expect(second).toEqual({
      ok: true,
      lines: ["identity: 1 new checkpoints #2–#2, 8 new events, consistent with the copy's #1"],
    });
    await expect(mirror()).resolves.toEqual({
      ok: true,
      lines: ['identity: up to date at checkpoint #2 (24 events)'],
    });

    const checked = await checkEventLogs({
      db: platform.database.db,
      stores: platform.stores,
      directory: mirrorDir(),
    });
    expect(checked.lines).toEqual([expect.stringMatching(/^identity: matches checkpoint #2 \(24 events, /)]);
  });

  it('serves consistency proofs that verify, and a forged one fails', async () => {
    const { checkpoints } = await api<{ checkpoints: transparency.CheckpointRecord[] }>('/checkpoints');
    const [one, two] = checkpoints as [transparency.CheckpointRecord, transparency.CheckpointRecord];
    const { path } = await api<{ path: string[] }>(`/consistency?from=${one.treeSize}&to=${two.treeSize}`);
    const proof = {
      size1: one.treeSize,
      size2: two.treeSize,
      root1: transparency.base64ToBytes(one.rootHash),
      root2: transparency.base64ToBytes(two.rootHash),
      path: path.map(transparency.base64ToBytes),
    };
    await expect(transparency.verifyConsistency(proof)).resolves.toBe(true);
    const forged = proof.path.map((hash, i) =>
      i === 0 ? Uint8Array.from(hash, (b, j) => (j === 0 ? b ^ 1 : b)) : hash,
    );
    await expect(transparency.verifyConsistency({ ...proof, path: forged })).resolves.toBe(false);
    await expect(
      transparency.verifyConsistency({ ...proof, root1: proof.root2, root2: proof.root1 }),
    ).resolves.toBe(false);
    // Sizes beyond the latest checkpoint are refused.
    const beyond = await fetch(
      `${origin}/api/transparency/identity/consistency?from=1&to=${two.treeSize + 1}`,
    );
    expect(beyond.status).toBe(400);
    expect(((await beyond.json()) as { code: number }).code).toBe(50002);
  });

  it('refuses checkpoints signed by another key than the pinned one', async () => {
    const stranger = await signerOf(generateKeyPairSync('ed25519').privateKey, 'sais-platform');
    const otherDir = join(root, 'mirror-other-key');
    const result = await mirrorLogs({
      url: origin,
      directory: otherDir,
      logs: ['identity'],
      keys: [stranger.key],
    });
    expect(result).toEqual({
      ok: false,
      lines: ['identity: FAILED: checkpoint #1 is not signed by a pinned key (unknown key)'],
    });
    const checked = await checkEventLogs({
      db: platform.database.db,
      stores: platform.stores,
      directory: mirrorDir(),
      keys: [stranger.key],
    });
    expect(checked).toEqual({ ok: false, lines: ['identity: CHECKPOINT #1 FAILS: signature: unknown key'] });
  });

  it('a copy made before a rewrite contradicts it, even when the platform’s own log is replaced', async () => {
    const history = await store().readAll(undefined, 100);
    const target = history[5]!;
    await asAttacker(platform.database.db, async (db) => {
      await sql`update identity.events set data = jsonb_set(data, '{changes,nickname}', '"mallory"')
        where event_id = ${target.id}`.execute(db);
      await rechain(db, target.streamId);
    });
    const checked = await checkEventLogs({
      db: platform.database.db,
      stores: platform.stores,
      directory: mirrorDir(),
    });
    expect(checked.ok).toBe(false);
    expect(checked.lines[0]).toMatch(
      new RegExp(
        `^identity: DIFFERS from checkpoint #2 \\(24 events, .*\\) at position 5 \\(rewritten\\): event ${target.id} `,
      ),
    );

    // The attacker also controls the machine: replaces the platform's transparency log with one rebuilt
    // from the rewritten database and signed with the platform's own key, and lets the log grow.
    await platform.close();
    await rm(join(root, 'data-transparency'), { recursive: true, force: true });
    await start();
    await checkpoint(24);
    await appendHistory(store(), 1, 3);
    await checkpoint(28);
    await appendHistory(store(), 1, 3);
    expect((await checkpoint(32)).number).toBe(3);
    const result = await mirror();
    expect(result.ok).toBe(false);
    expect(result.lines).toEqual([
      'identity: FAILED: checkpoint #3 (32 events) does not extend #2 (24): the history before it was rewritten',
    ]);
  });

  it('a transparency log deleted with the rewrite is no pass: a log that should have checkpoints has none', async () => {
    const [first] = await store().readAll(undefined, 1);
    const since = Date.parse(first!.occurredAt);
    const check = (minutes: number) =>
      checkEventLogs({
        db: platform.database.db,
        stores: platform.stores,
        directory: join(root, 'deleted-transparency'),
        now: new Date(since + minutes * 60_000),
      });
    // A new platform has none yet: its first checkpoint comes within an interval.
    expect(await check(1)).toEqual({
      ok: true,
      lines: [
        `identity: no checkpoints in ${join(root, 'deleted-transparency')} yet, only the hash chains were checked`,
      ],
    });
    const late = await check(11);
    expect(late.ok).toBe(false);
    expect(late.lines[0]).toMatch(/^identity: NO CHECKPOINTS in .*its transparency log is missing/);
  });
});
