/**
 * The parsed ground truth stored at upload, on PostgreSQL: a worker (GroundTruthCache) that never saw
 * the CSV scores from the stored form; a changed ground truth makes the old form stale; a damaged or
 * truncated form is detected, the CSV parsed instead (and a fresh form stored); with the CSV broken too
 * the worker fails clearly (PlatformFault) — never a wrong score.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { migrateSchema } from '@sais/kit/db';
import { EventStore, eventStoreMigrations } from '@sais/kit/eventstore';
import { freshDatabase } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoringMigrations } from '../src/db/migrations.ts';
import { scoreSubmission } from '../src/evaluation/score.ts';
import { GroundTruthCache, PlatformFault } from '../src/evaluation/truth-cache.ts';
import { loadGroundTruth } from '../src/evaluation/load-truth.ts';
import { GroundTruths, SplitKeys } from '../src/ground-truths.ts';
import { system } from './support.ts';

/** 200 rows of text ids (some quoted, with commas and quotes), values f(i). */
const truthCsv = (f: (i: number) => number) =>
  `id,yield\n${Array.from({ length: 200 }, (_, i) => `${i % 4 === 0 ? `"s${i}, ""q"""` : `s${i}`},${f(i)}`).join('\n')}\n`;
const submission = Buffer.from(truthCsv((i) => i + (i % 3)));

describe('the stored parsed ground truth', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let truths: GroundTruths;
  const warnings: { reason?: string }[] = [];
  const worker = () =>
    new GroundTruthCache(fresh.database.db, { warn: (data: object) => warnings.push(data) } as never);

  beforeAll(async () => {
    fresh = await freshDatabase('truthform');
    const db = fresh.database.db;
    await migrateSchema(db, 'scoring', { ...eventStoreMigrations('scoring'), ...scoringMigrations });
    const keys = new SplitKeys(randomBytes(32));
    truths = new GroundTruths(db, new EventStore(db, 'scoring'), async () => keys);
  });
  afterAll(() => fresh.drop());

  async function upload(csv: string, metric: 'rmse' | 'mae' = 'rmse') {
    const competitionId = randomUUID();
    await truths.upload(competitionId, metric, 50, Buffer.from(csv), system());
    return competitionId;
  }
  const stored = async (competitionId: string) =>
    (
      await sql<{ parsed: Buffer | null; content: Buffer; public_mask: Buffer }>`
        select parsed, content, public_mask from scoring.ground_truths where competition_id = ${competitionId}`.execute(
        fresh.database.db,
      )
    ).rows[0]!;
  const set = (competitionId: string, column: 'parsed' | 'content', value: Buffer) =>
    sql`update scoring.ground_truths set ${sql.ref(column)} = ${value} where competition_id = ${competitionId}`.execute(
      fresh.database.db,
    );
  /** The score against `csv` under the split the upload made for the competition (its keyed split). */
  const expected = async (csv: string, competitionId: string) =>
    scoreSubmission(
      submission,
      loadGroundTruth(Buffer.from(csv), 'rmse', (await stored(competitionId)).public_mask),
    );

  it('a worker that never saw the CSV scores from the form stored at upload', async () => {
    const csv = truthCsv((i) => i);
    const competitionId = await upload(csv);
    expect((await stored(competitionId)).parsed).not.toBeNull();
    // The CSV is garbage from now on: only the stored form can give the right score.
    await set(competitionId, 'content', Buffer.from('garbage'));
    warnings.length = 0;
    const { truth } = await worker().get(competitionId);
    expect(scoreSubmission(submission, truth)).toEqual(await expected(csv, competitionId));
    expect(warnings).toEqual([]);
  });

  it('a changed ground truth makes the old form stale: the new CSV is parsed and its form stored', async () => {
    const before = truthCsv((i) => i);
    const after = truthCsv((i) => 2 * i);
    const competitionId = await upload(before);
    const oldForm = (await stored(competitionId)).parsed!;
    // As if the CSV changed but its form did not follow (an older platform, a partial write).
    await sql`update scoring.ground_truths set content = ${Buffer.from(after)},
      sha256 = ${createHash('sha256').update(after).digest('hex')}, parsed = ${oldForm}
      where competition_id = ${competitionId}`.execute(fresh.database.db);
    warnings.length = 0;
    const { truth } = await worker().get(competitionId);
    expect(scoreSubmission(submission, truth)).toEqual(await expected(after, competitionId));
    expect(warnings).toMatchObject([{ reason: expect.stringContaining('another sha256') }]);
    // A fresh form was stored: the next worker needs no CSV.
    expect((await stored(competitionId)).parsed!.equals(oldForm)).toBe(false);
    await set(competitionId, 'content', Buffer.from('garbage'));
    expect(scoreSubmission(submission, (await worker().get(competitionId)).truth)).toEqual(
      await expected(after, competitionId),
    );
    // A new metric for the same CSV: stale too, for a new worker and for one that cached the old.
    await set(competitionId, 'content', Buffer.from(after));
    const running = worker();
    expect((await running.get(competitionId)).truth.metric).toBe('rmse');
    await sql`update scoring.ground_truths set metric = 'mae' where competition_id = ${competitionId}`.execute(
      fresh.database.db,
    );
    warnings.length = 0;
    expect((await worker().get(competitionId)).truth.metric).toBe('mae');
    expect(warnings).toMatchObject([{ reason: expect.stringContaining('another metric') }]);
    expect((await running.get(competitionId)).truth.metric).toBe('mae');
  });

  it.each([
    [
      'a changed byte',
      (form: Buffer) =>
        Buffer.concat([form.subarray(0, 500), Buffer.from([form[500]! ^ 1]), form.subarray(501)]),
      'checksum',
    ],
    ['a truncated form', (form: Buffer) => form.subarray(0, form.length - 100), 'truncated'],
    ['not a form at all', () => Buffer.from('id,yield\n'), 'not a stored ground truth'],
  ])('%s is detected: the CSV is parsed instead, the score is right', async (_name, damage, reason) => {
    const csv = truthCsv((i) => i / 3);
    const competitionId = await upload(csv);
    await set(competitionId, 'parsed', damage((await stored(competitionId)).parsed!));
    warnings.length = 0;
    const { truth } = await worker().get(competitionId);
    expect(scoreSubmission(submission, truth)).toEqual(await expected(csv, competitionId));
    expect(warnings).toMatchObject([{ reason: expect.stringContaining(reason) }]);
  });

  it('with the form damaged and the CSV broken, the worker fails clearly', async () => {
    const competitionId = await upload(truthCsv((i) => i));
    await set(competitionId, 'parsed', Buffer.from('broken'));
    await set(competitionId, 'content', Buffer.from('garbage'));
    await expect(worker().get(competitionId)).rejects.toThrow(PlatformFault);
    await expect(worker().get(competitionId)).rejects.toThrow(/ground truth unusable/);
  });
});
