import { busEnv, client } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migration } from '../src/db/migrations/2026-11-28-30-competition-slugs.ts';
import { competitionPlatform, signedInStaff } from './support.ts';

const settings = {
  title: { en: 'Catalytic reaction yield prediction', 'zh-CN': '催化反应产率预测' },
  description: { en: 'Predict yields.', 'zh-CN': '预测产率。' },
  type: 'Algorithm',
  bonus: 0,
  season: '2031',
  sponsors: ['SAIS'],
  timeZone: 'Asia/Shanghai',
  teamSizeLimit: 5,
  teamFormingAttempts: 3,
  dailySubmissionLimit: 3,
  submissionKinds: ['result-file'],
  teamMergeDeadline: null,
  agreements: [],
};
const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

/** Issue 35 point 12 (decision 0036): competitions' unique short names, on both storage modes. */
describe('competition slugs', () => {
  let harness: Awaited<ReturnType<typeof competitionPlatform>>;
  let operator: Awaited<ReturnType<typeof signedInStaff>>['web'];
  const create = async (overrides: Record<string, unknown>, phases: unknown[] = []) =>
    operator.post('/api/admin/competitions', { ...settings, ...overrides, phases });
  const slugOf = async (id: string) =>
    (await client(harness.platform.app).get('/api/race/detail', { competitionId: id })).body.data.slug;

  beforeAll(async () => {
    harness = await competitionPlatform('slugs', { env: busEnv('s') });
    operator = (await signedInStaff(harness.platform, ['operator'])).web;
  });
  afterAll(() => harness.close());

  it('takes the operator’s slug, refuses a taken or malformed one, and derives one from the title', async () => {
    const given = await create({ slug: 'crop-yield-2031' });
    expect(given.body.code).toBe(0);
    const id = given.body.data.id as string;
    expect(await slugOf(id)).toBe('crop-yield-2031');
    const bySlug = await client(harness.platform.app).get('/api/race/bySlug', { slug: 'crop-yield-2031' });
    expect(bySlug.body).toMatchObject({ code: 0, data: { competitionId: id, slug: 'crop-yield-2031' } });
    expect(
      (await client(harness.platform.app, 'en').get('/api/race/bySlug', { slug: 'no-such-one' })).body,
    ).toMatchObject({ code: 20001, message: 'This competition does not exist' });

    expect((await create({ slug: 'crop-yield-2031' })).body).toMatchObject({ code: 20060 });
    const zh = await operator.raw({
      method: 'POST',
      url: '/api/admin/competitions',
      payload: { ...settings, slug: 'crop-yield-2031', phases: [] },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body).toMatchObject({ code: 20060, message: '已有其他比赛使用该简称，请另选一个' });
    for (const bad of ['Crop Yield', 'ab', 'a--b', '-ab', 'x'.repeat(61)])
      expect((await create({ slug: bad })).body.code).toBe(400);

    const first = (await create({})).body.data.id as string;
    const second = (await create({})).body.data.id as string;
    expect(await slugOf(first)).toBe('catalytic-reaction-yield-prediction');
    expect(await slugOf(second)).toBe('catalytic-reaction-yield-prediction-2');
    const odd = (await create({ title: { en: '™ ©', 'zh-CN': '比赛' } })).body.data.id as string;
    expect(await slugOf(odd)).toBe(`competition-${odd.slice(0, 8)}`);

    // Set once: a settings change leaves it as it is.
    await operator.raw({
      method: 'PUT',
      url: `/api/admin/competitions/${id}`,
      payload: { slug: 'other-name' },
    });
    expect(await slugOf(id)).toBe('crop-yield-2031');
  });

  it('finds competitions by slug words and sorts the list', async () => {
    const make = async (slug: string, bonus: number, title: string, endDays: number) =>
      (
        await create({ slug, bonus, title: { en: title, 'zh-CN': title }, season: '2032' }, [
          { phase: 'preliminary', startsAt: iso(1), endsAt: iso(endDays) },
        ])
      ).body.data.id as string;
    const a = await make('alpha-sort-2032', 300, 'Bravo', 30);
    const b = await make('bravo-sort-2032', 100, 'Alpha', 10);
    const c = await make('charlie-sort-2032', 200, 'Charlie', 20);
    const list = async (query: Record<string, string>) =>
      (
        (await client(harness.platform.app).get('/api/race/list', { season: '2032', ...query })).body.data
          .records as { competitionId: string }[]
      ).map((r) => r.competitionId);
    expect(await list({})).toEqual([a, b, c]);
    expect(await list({ sort: 'newest' })).toEqual([c, b, a]);
    expect(await list({ sort: 'prize' })).toEqual([a, c, b]);
    expect(await list({ sort: 'deadline' })).toEqual([b, c, a]);
    expect(await list({ sort: 'title' })).toEqual([b, a, c]);
    expect(await list({ search: 'charlie-sort' })).toEqual([c]);
    expect((await client(harness.platform.app).get('/api/race/list', { sort: 'random' })).body.code).toBe(
      400,
    );
  });

  it('gives the competitions made before slugs one from their title, numbered where two agree', async () => {
    const { db } = harness.platform.database;
    // As before the migration: no slug column, no slug in the settings of three competitions.
    const ids = (
      await sql<{ competition_id: string }>`select competition_id from competition.competitions
        where season = '2031' order by created_at, competition_id`.execute(db)
    ).rows.map((r) => r.competition_id);
    await sql`update competition.competitions set settings = settings - 'slug'
      where competition_id = any(${ids.slice(1)}::uuid[])`.execute(db);
    await sql`drop index competition.competitions_slug`.execute(db);
    await sql`alter table competition.competitions drop column slug`.execute(db);
    await migration.up(db);
    const slugs = await Promise.all(ids.map(slugOf));
    expect(slugs).toEqual([
      'crop-yield-2031',
      'catalytic-reaction-yield-prediction',
      'catalytic-reaction-yield-prediction-2',
      `competition-${ids[3]!.slice(0, 8)}`,
    ]);
    const all = await sql<{ n: number; d: number }>`select count(*)::int as n, count(distinct slug)::int as d
      from competition.competitions`.execute(db);
    expect(all.rows[0]!.n).toBe(all.rows[0]!.d);
  });
});
