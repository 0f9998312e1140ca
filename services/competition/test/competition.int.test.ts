import { randomUUID } from 'node:crypto';
import { busEnv, client, multipart, png } from '@sais/kit/testing';
import { competition } from '@sais/events';
import { sql } from 'kysely';
import { competitionPlatform, signedInStaff } from './support.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Competitions, seedPrize } from '../src/index.ts';
import { FileStorage } from '../src/files/storage.ts';

const settings = {
  title: { en: 'Catalytic reaction yield prediction', 'zh-CN': '催化反应产率预测' },
  description: { en: 'Predict yields.', 'zh-CN': '预测产率。' },
  type: 'Algorithm',
  bonus: 200000,
  season: '2027',
  sponsors: ['SAIS'],
  timeZone: 'Asia/Shanghai',
  teamSizeLimit: 5,
  teamFormingAttempts: 3,
  dailySubmissionLimit: 3,
  submissionKinds: ['result-file'],
  teamMergeDeadline: null,
  agreements: [
    {
      agreementId: 'rules',
      title: { en: 'Rules', 'zh-CN': '规则' },
      body: { en: 'Play fair.', 'zh-CN': '公平竞赛。' },
    },
  ],
};
const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

describe('competition service over HTTP (real PostgreSQL and Kafka)', () => {
  let harness: Awaited<ReturnType<typeof competitionPlatform>>;
  let operator: ReturnType<typeof client>;
  let reviewer: ReturnType<typeof client>;

  const account = async (roles: ('operator' | 'reviewer' | 'admin')[] = []) =>
    (await signedInStaff(harness.platform, roles)).web;

  /** Real-name verification through the identity service's own calls, then wait for the mirror. */
  async function verified() {
    const web = await account();
    const { payload, contentType } = multipart(
      { name: '张三', certificateType: 'id-card', certificateNumber: '11010519491231002X' },
      {
        front: { name: 'f.png', type: 'image/png', bytes: png },
        back: { name: 'b.png', type: 'image/png', bytes: png },
      },
    );
    const submitted = await web.raw({
      method: 'POST',
      url: '/api/user/submitAuthentication',
      payload,
      headers: { 'content-type': contentType },
    });
    const { verificationId } = submitted.body.data;
    // A reviewer opens every photo, types the number read from it and ticks the photo rules (issue 19).
    for (const index of [0, 1])
      await reviewer.raw({
        method: 'GET',
        url: `/api/user/review/photo?verificationId=${verificationId}&index=${index}`,
      });
    await reviewer.post('/api/user/review', {
      verificationId,
      approve: true,
      certificateNumber: '11010519491231002X',
      checks: ['armAndUpperBodyVisible', 'faceUnobstructed', 'detailsClear'],
    });
    const userId = (await web.get('/api/user/detail')).body.data.userId;
    for (let i = 0; i < 200; i++) {
      const row = await sql`select 1 from competition.verified_users where account_id = ${userId}`.execute(
        harness.platform.database.db,
      );
      if (row.rows.length) return web;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('verification never reached the competition service');
  }

  async function created(
    overrides: Record<string, unknown> = {},
    phases = [{ phase: 'registration', startsAt: iso(-1), endsAt: iso(30) }],
  ) {
    const response = await operator.post('/api/admin/competitions', { ...settings, ...overrides, phases });
    expect(response.body.code).toBe(0);
    return response.body.data.id as string;
  }

  beforeAll(async () => {
    harness = await competitionPlatform('competition', {
      env: busEnv('r'),
    });
    operator = await account(['operator']);
    reviewer = await account(['reviewer']);
  });
  afterAll(() => harness.close());

  it('lets operators create competitions and refuses participants and visitors', async () => {
    const participant = await account();
    expect((await participant.post('/api/admin/competitions', { ...settings, phases: [] })).status).toBe(403);
    expect((await client(harness.platform.app).get('/api/admin/competitions')).body.code).toBe(401);
    const id = await created();
    const list = await operator.raw({ method: 'GET', url: '/api/admin/competitions?range=[0,9]&filter={}' });
    expect(list.headers['content-range']).toMatch(/^competitions 0-\d+\/\d+$/);
    expect(list.body.data.map((c: { id: string }) => c.id)).toContain(id);
    const bad = await operator.post('/api/admin/competitions', { ...settings, type: 'Chess', phases: [] });
    expect(bad.body.code).toBe(400);
    const backwards = await operator.post(`/api/admin/competitions/${id}/phases`, {
      phase: 'final',
      startsAt: iso(10),
      endsAt: iso(5),
    });
    expect(backwards.body).toMatchObject({ code: 20002, message: 'A phase must end after it starts' });
  });

  it('lets operators edit settings, open and close phases, and remove files', async () => {
    const id = await created({}, [{ phase: 'preliminary', startsAt: iso(5), endsAt: iso(20) }]);
    const edited = await operator.raw({
      method: 'PUT',
      url: `/api/admin/competitions/${id}`,
      payload: { dailySubmissionLimit: 5, title: { en: 'Renamed', 'zh-CN': '改名' } },
      headers: { 'content-type': 'application/json' },
    });
    expect(edited.body.data).toMatchObject({
      dailySubmissionLimit: 5,
      title: { en: 'Renamed' },
      status: 'Not Started',
    });
    const opened = await operator.post(`/api/admin/competitions/${id}/phases/preliminary/open`, {});
    expect(opened.body.data).toMatchObject({ status: 'Active', currentPhase: 'preliminary' });
    // Opened five days early: the phase keeps its schedule and says when it really opened.
    const openedAt = Date.parse(opened.body.data.phases.preliminary.openedAt);
    expect(Math.abs(openedAt - Date.now())).toBeLessThan(60_000);
    const closed = await operator.post(`/api/admin/competitions/${id}/phases/preliminary/close`, {});
    expect(closed.body.data.currentPhase).toBeNull();
    expect(Date.parse(closed.body.data.phases.preliminary.openedAt)).toBe(openedAt);
    const unscheduled = await operator.post(`/api/admin/competitions/${id}/phases/final/open`, {});
    expect(unscheduled.body).toMatchObject({ code: 20003, message: 'This phase has no schedule yet' });
    const { payload, contentType } = multipart(
      { kind: 'document' },
      { file: { name: 'old.md', type: 'text/markdown', bytes: Buffer.from('# old') } },
    );
    const file = (
      await operator.raw({
        method: 'POST',
        url: `/api/admin/competitions/${id}/files`,
        payload,
        headers: { 'content-type': contentType },
      })
    ).body.data;
    const removed = await operator.raw({
      method: 'DELETE',
      url: `/api/admin/competitions/${id}/files/${file.fileId}`,
    });
    expect(removed.body.code).toBe(0);
    expect(
      (await client(harness.platform.app).get('/api/race/files', { competitionId: id })).body.data,
    ).toEqual([]);
    const participant = await account();
    expect((await participant.post(`/api/admin/competitions/${id}/phases/preliminary/open`, {})).status).toBe(
      403,
    );
  });

  it('lets only an admin allow one operator to publish a prize competition (issue 19)', async () => {
    const id = await created(); // prize money, no rule chosen: two operators publish
    const put = (web: typeof operator, payload: Record<string, unknown>) =>
      web.raw({
        method: 'PUT',
        url: `/api/admin/competitions/${id}`,
        payload,
        headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      });
    const versionOf = async () =>
      (
        await sql<{
          n: string;
        }>`select count(*) as n from competition.events where stream_id = ${`competition-${id}`}`.execute(
          harness.platform.database.db,
        )
      ).rows[0]!.n;
    const before = await versionOf();
    for (const weakening of [{ finalResultsApproval: 'one-operator' }, { bonus: 0 }]) {
      const refused = await put(operator, weakening);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 20040,
        message: '只有管理员可以允许单个运营人员发布有奖金比赛的最终成绩',
      });
    }
    const createdAlone = await operator.post('/api/admin/competitions', {
      ...settings,
      finalResultsApproval: 'one-operator',
      phases: [],
    });
    expect(createdAlone.body.code).toBe(20040);
    expect(await versionOf()).toBe(before);
    // Strengthening is anyone's; weakening is an admin's.
    expect((await put(operator, { finalResultsApproval: 'two-operators' })).body.code).toBe(0);
    const admin = await account(['admin']);
    const allowed = await put(admin, { finalResultsApproval: 'one-operator' });
    expect(allowed.body.data).toMatchObject({ finalResultsApproval: 'one-operator' });
  });

  describe('PUT /api/admin/competitions/:id/content/:section', () => {
    const put = (web: ReturnType<typeof client>, id: string, section: string, payload: object) =>
      web.raw({
        method: 'PUT',
        url: `/api/admin/competitions/${id}/content/${section}`,
        payload,
        headers: { 'content-type': 'application/json' },
      });
    const overview = {
      'zh-CN': '## 任务\n预测每个测试 id 的产率。',
      en: '## Task\nPredict the yield of every test id.',
    };

    it('lets an operator write a section in both languages, which anyone then reads', async () => {
      const id = await created();
      const empty = await client(harness.platform.app).get('/api/race/content', { competitionId: id });
      expect(empty.body.data.sections.overview).toEqual({ 'zh-CN': '', en: '' });
      const written = await put(operator, id, 'overview', overview);
      expect(written.status).toBe(200);
      expect(written.body).toMatchObject({ code: 0, message: 'Modify success' });
      expect(written.body.data.sections.overview).toEqual(overview);
      const read = await client(harness.platform.app).get('/api/race/content', { competitionId: id });
      expect(read.body.data).toEqual({
        competitionId: id,
        sections: {
          overview,
          evaluation: { 'zh-CN': '', en: '' },
          data: { 'zh-CN': '', en: '' },
          rules: { 'zh-CN': '', en: '' },
          prizes: { 'zh-CN': '', en: '' },
        },
      });
      // The same text again changes nothing: one event for the one change.
      await put(operator, id, 'overview', overview);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from competition.events
        where stream_id = ${`competition-${id}`} and type = 'competition.SectionContentChanged'`.execute(
        harness.platform.database.db,
      );
      expect(rows[0]!.n).toBe(1);
    });

    it('refuses participants and visitors, whatever they send', async () => {
      const id = await created();
      const participant = await account();
      const refused = await put(participant, id, 'rules', overview);
      expect(refused.status).toBe(403);
      expect((await put(client(harness.platform.app), id, 'rules', overview)).body.code).toBe(401);
      const read = await client(harness.platform.app).get('/api/race/content', { competitionId: id });
      expect(read.body.data.sections.rules).toEqual({ 'zh-CN': '', en: '' });
    });

    it('refuses a text over the limit with a clear error in the reader’s language', async () => {
      const id = await created();
      const long = 'x'.repeat(competition.sectionTextMaxLength + 1);
      const tooLong = await put(operator, id, 'data', { 'zh-CN': '数据', en: long });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.message).toBe(
        'The text is too long: a section can have at most 20,000 characters in each language',
      );
      expect(tooLong.body.data.fields[0].field).toBe('en');
      const zh = client(harness.platform.app, 'zh-CN');
      const zhTooLong = await zh.raw({
        method: 'PUT',
        url: `/api/admin/competitions/${id}/content/data`,
        payload: { 'zh-CN': long, en: 'Data' },
        headers: { 'content-type': 'application/json', cookie: operator.cookie! },
      });
      expect(zhTooLong.body.message).toBe('内容过长：每个栏目每种语言最多 20,000 个字符');
      // An unknown section or competition: the route's own answers.
      expect((await put(operator, id, 'secrets', overview)).status).toBe(400);
      expect((await put(operator, randomUUID(), 'overview', overview)).body.code).toBe(20001);
    });
  });

  it('previews the header and first rows of a CSV file for whoever may download it', async () => {
    const id = await created();
    const upload = async (name: string, type: string, text: string) => {
      const { payload, contentType } = multipart(
        { kind: 'dataset' },
        { file: { name, type, bytes: Buffer.from(text) } },
      );
      return (
        await operator.raw({
          method: 'POST',
          url: `/api/admin/competitions/${id}/files`,
          payload,
          headers: { 'content-type': contentType },
        })
      ).body.data.fileId as string;
    };
    const rows = Array.from({ length: 9 }, (_, i) => `r${i},"Pd(OAc)2, 5 mol%",${i * 10}`);
    const csv = await upload('train.csv', 'text/csv', `id,catalyst,yield\n${rows.join('\n')}\n`);
    const notes = await upload('notes.txt', 'text/plain', 'not a table');
    const viewer = await verified();
    const preview = await viewer.get('/api/race/preview', { fileId: csv });
    expect(preview.body.data).toEqual({
      header: ['id', 'catalyst', 'yield'],
      rows: [0, 1, 2, 3, 4].map((i) => [`r${i}`, 'Pd(OAc)2, 5 mol%', String(i * 10)]),
    });
    expect((await viewer.get('/api/race/preview', { fileId: notes })).body.data).toBeNull();
    // As for downloads: datasets for verified users only, and no download recorded.
    expect((await (await account()).get('/api/race/preview', { fileId: csv })).body.code).toBe(20010);
    expect((await client(harness.platform.app).get('/api/race/preview', { fileId: csv })).status).toBe(401);
    const { rows: recorded } =
      await sql`select 1 from competition.download_days where file_id = ${csv}`.execute(
        harness.platform.database.db,
      );
    expect(recorded).toEqual([]);
  });

  it('lists with filters and paging, and derives status from the schedule', async () => {
    const season = `S${Date.now()}`;
    const active = await created({ season });
    const upcoming = await created({ season, type: 'Innovation' }, [
      { phase: 'registration', startsAt: iso(5), endsAt: iso(40) },
    ]);
    const over = await created({ season }, [{ phase: 'registration', startsAt: iso(-40), endsAt: iso(-5) }]);
    const all = await client(harness.platform.app).get('/api/race/list', { season });
    expect(all.body.data.total).toBe(3);
    const statuses = Object.fromEntries(
      all.body.data.records.map((c: { competitionId: string; status: string }) => [
        c.competitionId,
        c.status,
      ]),
    );
    expect(statuses).toEqual({ [active]: 'Active', [upcoming]: 'Not Started', [over]: 'Completed' });
    const innovation = await client(harness.platform.app).get('/api/race/list', {
      season,
      type: 'Innovation',
    });
    expect(innovation.body.data.records.map((c: { competitionId: string }) => c.competitionId)).toEqual([
      upcoming,
    ]);
    const page2 = await client(harness.platform.app).get('/api/race/list', {
      season,
      page: '2',
      pageSize: '2',
    });
    expect(page2.body.data.records).toHaveLength(1);
    const closed = await client(harness.platform.app).get('/api/race/list', { season, status: 'Completed' });
    expect(closed.body.data.records.map((c: { competitionId: string }) => c.competitionId)).toEqual([over]);
  });

  it('finds competitions by words of their title or description, in either language', async () => {
    const season = `Q${Date.now()}`;
    const yieldId = await created({
      season,
      title: { en: 'Physical science: Catalytic yield', 'zh-CN': '物质科学：催化反应产率预测' },
    });
    await created({ season, title: { en: 'Geoscience: Rain', 'zh-CN': '地球科学：降水' } });
    const ids = async (search: string) =>
      (await client(harness.platform.app).get('/api/race/list', { season, search })).body.data.records.map(
        (c: { competitionId: string }) => c.competitionId,
      );
    await expect(ids('catalytic YIELD')).resolves.toEqual([yieldId]);
    await expect(ids('催化')).resolves.toEqual([yieldId]);
    await expect(ids('no such words')).resolves.toEqual([]);
    await expect(ids('  ')).resolves.toHaveLength(2);
  });

  it('signs up verified users who accept the agreements, and lists them in my activities', async () => {
    const id = await created();
    const unverified = await account();
    const refused = await unverified.post('/api/race/signUp', { competitionId: id, agreements: ['rules'] });
    expect(refused.body).toMatchObject({
      code: 20010,
      message: 'Please complete real-name authentication first',
    });
    const web = await verified();
    expect((await web.post('/api/race/signUp', { competitionId: id, agreements: [] })).body.code).toBe(20011);
    // Signing up says so (issue 35: it said "Submit success"), in the caller's language.
    expect((await web.post('/api/race/signUp', { competitionId: id, agreements: ['rules'] })).body).toEqual({
      code: 0,
      message: 'Signed up: you can now take part in the competition',
      data: null,
    });
    expect((await web.post('/api/race/signUp', { competitionId: id, agreements: ['rules'] })).body.code).toBe(
      20013,
    );
    expect((await web.get('/api/race/detail', { competitionId: id })).body.data.signedUp).toBe(true);
    const mine = await web.get('/api/race/userRaceList');
    expect(mine.body.data.records.map((c: { competitionId: string }) => c.competitionId)).toEqual([id]);
    const another = await created();
    const chinese = await web.raw({
      method: 'POST',
      url: '/api/race/signUp',
      payload: { competitionId: another, agreements: ['rules'] },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(chinese.body).toMatchObject({ code: 0, message: '报名成功，现在可以参加比赛了' });
    const over = await created({}, [{ phase: 'registration', startsAt: iso(-40), endsAt: iso(-5) }]);
    expect(
      (await web.post('/api/race/signUp', { competitionId: over, agreements: ['rules'] })).body.code,
    ).toBe(20012);
  });

  it('streams documentation after sign-up and datasets to verified users, with ranges, recording each download', async () => {
    const id = await created();
    const text = 'id,value\n' + Array.from({ length: 2000 }, (_, i) => `${i},${i * 2}`).join('\n') + '\n';
    const upload = (kind: string, name: string, bytes: Buffer) => {
      const { payload, contentType } = multipart({ kind }, { file: { name, type: 'text/csv', bytes } });
      return operator.raw({
        method: 'POST',
        url: `/api/admin/competitions/${id}/files`,
        payload,
        headers: { 'content-type': contentType },
      });
    };
    const dataset = (await upload('dataset', 'train.csv', Buffer.from(text))).body.data;
    const document = (await upload('document', 'rules.md', Buffer.from('# Rules\n'))).body.data;
    expect(dataset).toMatchObject({ name: 'train.csv', size: Buffer.byteLength(text) });

    const stranger = await account();
    expect(
      (await stranger.raw({ method: 'GET', url: `/api/race/download?fileId=${dataset.fileId}` })).body.code,
    ).toBe(20010);
    const web = await verified();
    const files = (await web.get('/api/race/files', { competitionId: id })).body.data;
    expect(files.map((f: { name: string; downloadable: boolean }) => [f.name, f.downloadable])).toEqual([
      ['train.csv', true],
      ['rules.md', false],
    ]);
    expect(
      (await web.raw({ method: 'GET', url: `/api/race/download?fileId=${document.fileId}` })).body.code,
    ).toBe(20014);

    const whole = await web.raw({ method: 'GET', url: `/api/race/download?fileId=${dataset.fileId}` });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('text/csv');
    expect(whole.rawPayload.toString()).toBe(text);
    const part = await web.raw({
      method: 'GET',
      url: `/api/race/download?fileId=${dataset.fileId}`,
      headers: { range: 'bytes=9-18' },
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 9-18/${Buffer.byteLength(text)}`);
    expect(part.rawPayload.toString()).toBe(text.slice(9, 19));
    const beyond = await web.raw({
      method: 'GET',
      url: `/api/race/download?fileId=${dataset.fileId}`,
      headers: { range: 'bytes=999999-' },
    });
    expect(beyond.status).toBe(416);

    await web.post('/api/race/signUp', { competitionId: id, agreements: ['rules'] });
    expect(
      (
        await web.raw({ method: 'GET', url: `/api/race/download?fileId=${document.fileId}` })
      ).rawPayload.toString(),
    ).toBe('# Rules\n');
    // 1-byte Range requests, as an attacker growing the event log would send: one event a day per
    // user and file, the rest only counted (issue 18, finding 6).
    for (let i = 0; i < 20; i++) {
      const byte = await web.raw({
        method: 'GET',
        url: `/api/race/download?fileId=${dataset.fileId}`,
        headers: { range: `bytes=${i}-${i}` },
      });
      expect(byte.status).toBe(206);
    }
    const downloads = await sql<{ n: number }>`select count(*)::int as n from competition.events
      where type = 'competition.FileDownloaded' and data->>'fileId' = ${dataset.fileId}`.execute(
      harness.platform.database.db,
    );
    expect(downloads.rows[0]!.n).toBe(1);
    const counted = await sql<{ downloads: number; bytes: number }>`select downloads, bytes::int
      from competition.download_days where file_id = ${dataset.fileId}`.execute(harness.platform.database.db);
    expect(counted.rows).toEqual([{ downloads: 22, bytes: Buffer.byteLength(text) + 10 + 20 }]);

    // A download is a write: another site cannot make a signed-in browser record one, and downloads
    // count against the participant write limit (60 a minute per account; reads go on).
    const forced = await web.raw({
      method: 'GET',
      url: `/api/race/download?fileId=${dataset.fileId}`,
      headers: { 'sec-fetch-site': 'cross-site', range: 'bytes=0-0' },
    });
    expect(forced.status).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 60 && !statuses.includes(429); i++)
      statuses.push(
        (
          await web.raw({
            method: 'GET',
            url: `/api/race/download?fileId=${dataset.fileId}`,
            headers: { range: 'bytes=0-0' },
          })
        ).status,
      );
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([206]));
    const after = await sql<{ downloads: number }>`select downloads from competition.download_days
      where file_id = ${dataset.fileId}`.execute(harness.platform.database.db);
    expect(after.rows).toEqual([{ downloads: 22 + statuses.length - 1 }]); // neither the forced one nor the refused
    expect((await web.get('/api/race/files', { competitionId: id })).body.code).toBe(0);
  });

  it('loads the five-track prize as seed data', async () => {
    const before = (
      await client(harness.platform.app).get('/api/race/list', { season: '2027', pageSize: '100' })
    ).body.data.total;
    const dataDir = `/tmp/sais-seed-${randomUUID()}`;
    const competitions = new Competitions(
      harness.platform.database.db,
      harness.platform.stores.get('competition')!,
      new FileStorage(`${dataDir}/files`),
    );
    const seeded = await seedPrize(competitions);
    const ids = seeded.map((track) => track.competitionId);
    expect(ids).toHaveLength(5);
    expect(seeded.map((track) => track.metric)).toEqual([
      'r2',
      'rmse',
      'exact_match',
      'sirna',
      'threat_score',
    ]);
    expect(seeded[0]!.groundTruth.toString()).toMatch(/^id,yield\n/);
    const list = (
      await client(harness.platform.app, 'en').get('/api/race/list', { season: '2027', pageSize: '100' })
    ).body.data;
    expect(list.total).toBe(before + 5);
    const titles = list.records
      .filter((c: { competitionId: string }) => ids.includes(c.competitionId))
      .map((c: { title: { en: string } }) => c.title.en);
    expect(titles.join('|')).toMatch(/yield.*price.*reasoning.*siRNA.*precipitation/i);
    const files = (await client(harness.platform.app).get('/api/race/files', { competitionId: ids[0]! })).body
      .data;
    expect(files.map((f: { name: string }) => f.name)).toEqual([
      'README.md',
      'train.csv',
      'test.csv',
      'sample_submission.csv',
    ]);
    // Every track's page has each section written in both languages.
    for (const id of ids) {
      const { sections } = (
        await client(harness.platform.app).get('/api/race/content', { competitionId: id })
      ).body.data;
      for (const text of Object.values(sections) as { 'zh-CN': string; en: string }[]) {
        expect(text['zh-CN'].length).toBeGreaterThan(50);
        expect(text.en.length).toBeGreaterThan(50);
      }
    }
    const first = (await client(harness.platform.app).get('/api/race/content', { competitionId: ids[0]! }))
      .body.data.sections;
    expect(first.data['zh-CN']).toContain('| `temperature_c` | 反应温度（摄氏度） |');
    expect(first.evaluation.en).toContain('`id,yield`');
    expect(first.prizes['zh-CN']).toContain('| 冠军 | 1 | 100,000 元 |');
    // Every seeded time is a day's start or end in the track's own zone: the team-forming deadline
    // too (it was 2027-05-11 07:59 in Shanghai, issue 35).
    const seededList = list.records.filter((c: { competitionId: string }) => ids.includes(c.competitionId));
    for (const track of seededList as {
      timeZone: string;
      teamMergeDeadline: string;
      phases: Record<string, { startsAt: string; endsAt: string }>;
    }[]) {
      expect(competition.formatInZone(track.teamMergeDeadline, track.timeZone, { seconds: true })).toBe(
        '2027-05-10 23:59:59 GMT+8 (Asia/Shanghai)',
      );
      for (const phase of Object.values(track.phases)) {
        expect(competition.formatInZone(phase.startsAt, track.timeZone, { seconds: true })).toMatch(
          / 00:00:00 /,
        );
        expect(competition.formatInZone(phase.endsAt, track.timeZone, { seconds: true })).toMatch(
          / 23:59:59 /,
        );
      }
    }
  });
});
