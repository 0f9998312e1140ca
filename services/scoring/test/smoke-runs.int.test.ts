/**
 * Smoke runs (issue 36, decision 0049), through the API as a participant and as an operator, in both modes
 * (PostgreSQL + Kafka and the embedded default), with real images (busybox-static from the test registry)
 * under gVisor: without a smoke split they are refused; an operator chooses one (never a hidden file); a
 * smoke run sees only that file at /saisdata (not the other datasets, not the hidden one), returns its whole
 * log (past a ranked run's 4,000 characters), uses none of the day's allowance, stops at its own daily cap,
 * is marked smoke in every answer, checks its result's format only, and is never on any board, in any
 * entries count, rescore or final selection; a real run beside it is ranked as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyStateTables } from '@sais/kit/platform';
import { sql } from 'kysely';
import { type TestRegistry, startRegistry } from '../../../infra/test/registry.ts';
import { scoringStateCheck } from '../src/integrity/state-check.ts';
import { imageCompetition } from './image-competition.ts';
import { type Web, csv, scoringHarness, waitFor } from './support.ts';

const answers = csv((i) => i);
const marker = 'HIDDENsm9';
const secret = `id,label\n${marker}r1,${marker}v1\n`;
const smokeSplit = 'id,x\ns1,1\ns2,2\ns3,3\n';
const script = (body: string) => ({ '/app/run.sh': `#!/bin/sh\n${body}` });
// A log longer than a ranked run keeps (SCORING_RUN_LOG_CHARS, 4,000 characters): its start and end are kept.
const longLog =
  'i=0; while [ $i -lt 150 ]; do echo "line $i of a long smoke log ............"; i=$((i+1)); done';

interface Row {
  submissionId: string;
  status: string;
  score: number | null;
  log: string | null;
  refusal: { key: string; params: Record<string, string | number> } | null;
  logText: string | null;
  logWithheld: boolean;
  smoke?: boolean;
}

describe.each(['embedded', 'postgres'] as const)('smoke runs (%s)', (mode) => {
  let harness: Awaited<ReturnType<typeof scoringHarness>>;
  let registry: TestRegistry;
  let competitionId: string;
  let operator: Web;
  let person: Awaited<ReturnType<typeof harness.participant>>;
  let smokeId: string;
  let secretId: string;
  const images: Record<string, string> = {};
  const smokeRuns: string[] = [];

  beforeAll(async () => {
    registry = await startRegistry();
    const push = (name: string, body: string) =>
      registry.push(`smoke-${name}:1`, script(body)).then((image) => (images[name] = image));
    await Promise.all([
      // Lists and prints /saisdata, prints a long log, writes a result in the right format from the split.
      push(
        'good',
        `echo SMOKE-START
ls /saisdata
cat /saisdata/*
${longLog}
{ echo id,yield; sed 1d /saisdata/smoke.csv | cut -d, -f1 | sed 's/$/,0.5/'; } > /saisresult/result.csv
echo SMOKE-END
`,
      ),
      // A result with the wrong header: Invalid, the verdict names it.
      push('bad', 'echo writing a wrong header\necho wrong,header > /saisresult/result.csv\n'),
      // A ranked run: the public answers as its result (score 0), as hidden-datasets.int.test.ts's `copy`.
      push('real', 'cp /saisdata/answers.csv /saisresult/result.csv\n'),
    ]);
    harness = await scoringHarness({ SCORING_RUN_TIMEOUT_S: '30', SCORING_RUNNER_SLOTS: '2' }, undefined, {
      embedded: mode === 'embedded',
    });
    operator = harness.operator.web;
    ({
      competitionId,
      fileIds: { 'smoke.csv': smokeId, 'secret.csv': secretId },
    } = await imageCompetition(
      harness,
      registry.address,
      answers,
      [
        { name: 'answers.csv', text: answers },
        { name: 'smoke.csv', text: smokeSplit },
        { name: 'secret.csv', text: secret, hidden: true },
      ],
      { dailySubmissionLimit: 3 },
    ));
    person = await harness.participant(competitionId);
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
    await registry?.stop();
  });

  const submit = (name: string, smoke: boolean, language = 'en') =>
    person.web.raw({
      method: 'POST',
      url: '/api/submission/container',
      payload: {
        competitionId,
        image: images[name],
        username: registry.username,
        password: registry.password,
        ...(smoke && { smoke: true }),
      },
      headers: { 'accept-language': language },
    });

  const remaining = async () =>
    (await person.web.get('/api/submission/remaining', { competitionId })).body.data as {
      used: number;
      remaining: number;
      smokeRuns: { available: boolean; file: string | null; limit: number; used: number; remaining: number };
    };

  async function finished(submissionId: string) {
    return waitFor(
      async () =>
        ((await person.web.get('/api/submission/mine', { competitionId })).body.data as Row[]).find(
          (entry) => entry.submissionId === submissionId,
        )!,
      (entry) => entry !== undefined && !['Waiting', 'Evaluating'].includes(entry.status),
      'the run to finish',
    );
  }

  it('refuses smoke runs while the competition has no smoke split (en, zh-CN)', async () => {
    const en = await submit('good', true);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: 40121,
      message: expect.stringMatching(/^This competition has no smoke split/),
    });
    const zh = await submit('good', true, 'zh-CN');
    expect(zh.body).toMatchObject({
      code: 40121,
      message: expect.stringMatching(/^本比赛未提供试运行数据集/),
    });
    expect((await remaining()).smokeRuns).toMatchObject({ available: false, file: null, used: 0 });
    expect((await remaining()).used).toBe(0);
  });

  it('lets an operator choose a visible dataset as the smoke split, never a hidden one; not a participant', async () => {
    const set = (web: Web, fileId: string | null, language = 'en') =>
      web.raw({
        method: 'PUT',
        url: '/api/admin/smoke-split',
        payload: { competitionId, fileId, perDay: 2 },
        headers: { 'accept-language': language },
      });
    expect((await set(person.web, smokeId)).status).toBe(403);
    const hiddenOne = await set(operator, secretId);
    expect(hiddenOne.body).toMatchObject({
      code: 40123,
      message: expect.stringMatching(/^Only a visible dataset/),
    });
    expect((await set(operator, secretId, 'zh-CN')).body.message).toMatch(/^只有本比赛中可见的数据集文件/);
    expect((await set(operator, crypto.randomUUID())).body.code).toBe(40123);
    const ok = await set(operator, smokeId);
    expect(ok.body).toMatchObject({ code: 0, data: { competitionId, fileId: smokeId, perDay: 2 } });
    expect((await operator.get('/api/admin/smoke-split', { competitionId })).body.data).toEqual({
      competitionId,
      fileId: smokeId,
      perDay: 2,
    });
    expect((await remaining()).smokeRuns).toEqual({
      available: true,
      file: 'smoke.csv',
      limit: 2,
      used: 0,
      remaining: 2,
    });
  });

  it('runs on the smoke split only, gives the whole log, uses no allowance and is marked smoke', async () => {
    const before = await remaining();
    const submitted = await submit('good', true);
    expect(submitted.body).toMatchObject({ code: 0, data: { status: 'Waiting', smoke: true, remaining: 1 } });
    const submissionId = submitted.body.data.submissionId as string;
    smokeRuns.push(submissionId);
    const row = await finished(submissionId);
    expect(row).toMatchObject({
      status: 'Completed',
      smoke: true,
      score: null,
      logWithheld: false,
      refusal: null,
    });
    // Only the smoke split is mounted: not the other public dataset, not the hidden one.
    expect(row.log).toContain('smoke.csv');
    expect(row.log).toContain('s3,3');
    expect(row.log).not.toContain('answers.csv');
    expect(row.log).not.toContain('secret.csv');
    expect(row.log).not.toContain(marker);
    // The whole log: its start and end, longer than a ranked run keeps.
    expect(row.log).toContain('SMOKE-START');
    expect(row.log).toContain('SMOKE-END');
    expect(row.log!.length).toBeGreaterThan(4000);
    expect(row.logText).toContain('SMOKE-START');
    const after = await remaining();
    expect(after.used).toBe(before.used);
    expect(after.remaining).toBe(before.remaining);
    expect(after.smokeRuns).toMatchObject({ used: 1, remaining: 1 });
    // The events: marked smoke, checked, never scored; the run had no hidden data.
    const events = await harness.platform.stores.get('scoring')!.readStream(`submission-${submissionId}`);
    expect(events[0]).toMatchObject({ type: 'scoring.SubmissionReceived', data: { smoke: true } });
    expect(events.map((event) => event.type)).toContain('scoring.SmokeRunChecked');
    expect(events.map((event) => event.type)).not.toContain('scoring.SubmissionScored');
    expect(events.find((event) => event.type === 'scoring.SmokeRunChecked')?.data).toMatchObject({ rows: 3 });
    const progressed = events.filter((event) => event.type === 'scoring.ContainerRunProgressed');
    expect(progressed.some((event) => (event.data as { hiddenData?: boolean }).hiddenData)).toBe(false);
    // The result file is the team's to download.
    const file = await person.web.raw({
      method: 'GET',
      url: `/api/submission/file?submissionId=${submissionId}`,
    });
    expect(file.status).toBe(200);
    expect(file.rawPayload.toString('utf8')).toBe('id,yield\ns1,0.5\ns2,0.5\ns3,0.5\n');
  }, 120_000);

  it('checks a smoke run’s format, then stops at the daily cap (en, zh-CN) without touching the allowance', async () => {
    const submitted = await submit('bad', true);
    expect(submitted.body).toMatchObject({ code: 0, data: { smoke: true, remaining: 0 } });
    smokeRuns.push(submitted.body.data.submissionId);
    const row = await finished(submitted.body.data.submissionId);
    expect(row).toMatchObject({ status: 'Invalid', smoke: true, refusal: { key: 'headerMismatch' } });
    expect(row.log).toContain('writing a wrong header');
    const en = await submit('good', true);
    expect(en.status).toBe(429);
    expect(en.body).toMatchObject({
      code: 40122,
      message: expect.stringMatching(/^Your team has used today's 2 smoke runs/),
      data: { limit: 2 },
    });
    const zh = await submit('good', true, 'zh-CN');
    expect(zh.body).toMatchObject({
      code: 40122,
      message: expect.stringMatching(/^您的队伍今日 2 次试运行已用完/),
    });
    const after = await remaining();
    expect(after).toMatchObject({ used: 0, remaining: 3, smokeRuns: { used: 2, remaining: 0 } });
  }, 120_000);

  it('tells the team in its inbox, in both languages, that each smoke run ended and how its format check went, never a score', async () => {
    const read = async (language: string) => {
      const page = await waitFor(
        async () =>
          (
            await person.web.raw({
              method: 'GET',
              url: '/api/notify/page?page=1&pageSize=50',
              headers: { 'accept-language': language },
            })
          ).body.data as { records: { notifyId: string; title: string }[] },
        (data) => data.records.filter((record) => /Smoke run|试运行/.test(record.title)).length === 2,
        'the two smoke runs’ notices',
      );
      const messages = [];
      for (const record of page.records) {
        const opened = await person.web.raw({
          method: 'GET',
          url: `/api/notify/detail?notifyId=${record.notifyId}`,
          headers: { 'accept-language': language },
        });
        expect(opened.body).toMatchObject({ code: 0 });
        messages.push(opened.body.data as { title: string; content: string });
      }
      return messages;
    };
    const en = await read('en');
    const passed = en.find((message) => message.title === 'Smoke run: format check passed')!;
    expect(passed.content).toBe(
      `Your smoke run ${images.good} completed and its result file passed the format check (3 rows). Smoke runs check the result file’s format only: they are never scored or ranked and use none of your daily submissions.`,
    );
    const failed = en.find((message) => message.title === 'Smoke run: format check failed')!;
    expect(failed.content).toMatch(
      /^Your smoke run .* ended, and its result file failed the format check: Line 1: the header must be "id,yield", found "wrong,header"\. Smoke runs check/,
    );
    const zh = await read('zh-CN');
    expect(zh.map((message) => message.title).sort()).toEqual([
      '试运行：格式检查未通过',
      '试运行：格式检查通过',
    ]);
    expect(zh.find((message) => message.title === '试运行：格式检查通过')!.content).toBe(
      `您的试运行 ${images.good} 已完成，结果文件通过了格式检查（3 行）。试运行只检查结果文件的格式：不评分、不上榜，也不占用每日提交次数。`,
    );
    // No ranked run's notice for them ("Submission invalid"), and no score: they were never scored (the
    // real run comes later).
    expect(en.filter((message) => message.title.startsWith('Submission'))).toEqual([]);
    expect(zh.filter((message) => message.title.startsWith('提交'))).toEqual([]);
    expect(JSON.stringify([en, zh])).not.toMatch(/scored \d|得分/);
  }, 60_000);

  it('ranks a real run beside them and never a smoke run: boards, entries, history, rescore, final choice', async () => {
    const submitted = await submit('real', false);
    expect(submitted.body).toMatchObject({ code: 0, data: { status: 'Waiting', remaining: 2 } });
    expect(submitted.body.data).not.toHaveProperty('smoke');
    const realId = submitted.body.data.submissionId as string;
    const row = await finished(realId);
    expect(row).toMatchObject({ status: 'Completed', smoke: false, score: 0 });
    expect((await remaining()).used).toBe(1);
    const board = await waitFor(
      async () => (await person.web.get('/api/leaderboard/public', { competitionId })).body.data,
      (data) => data.records.length === 1,
      'the real run on the board',
    );
    expect(board.records[0]).toMatchObject({ teamId: person.accountId, entries: 1 });
    const myScore = (await person.web.get('/api/submission/myScore', { competitionId })).body.data;
    expect(myScore.history).toHaveLength(1);
    // Never in the boards' tables, nor counted for a team merge.
    const onBoards = await sql`select submission_id from scoring.board_submissions
      where submission_id = any(${smokeRuns}::uuid[])
      union all select submission_id from scoring.leaderboard where submission_id = any(${smokeRuns}::uuid[])
      union all select submission_id from scoring.private_leaderboard where submission_id = any(${smokeRuns}::uuid[])`.execute(
      harness.db,
    );
    expect(onBoards.rows).toEqual([]);
    await waitFor(
      () =>
        sql<{ submission_id: string }>`select submission_id from team.counted_submissions
          where competition_id = ${competitionId}`.execute(harness.db),
      (result) => result.rows.length === 1,
      'the team service counting the real run only',
    );
    // Not rescored, not chosen for the final board; the whole-competition rescore passes them by.
    const rescore = await operator.raw({
      method: 'POST',
      url: `/api/admin/submissions/${smokeRuns[0]}/rescore`,
      payload: {},
    });
    expect(rescore.body.code).toBe(40124);
    const all = await operator.post('/api/admin/submissions/rescore', { competitionId, allPhases: true });
    expect(all.body.data).toMatchObject({ rescored: 1, invalid: 0 });
    const chosen = await person.web.raw({
      method: 'POST',
      url: '/api/submission/selectFinal',
      payload: { competitionId, submissionIds: [smokeRuns[0]] },
    });
    expect(chosen.body.code).not.toBe(0);
    const final = (await person.web.get('/api/submission/final', { competitionId })).body.data as {
      submissions: { submissionId: string }[];
    }[];
    expect(JSON.stringify(final)).not.toContain(smokeRuns[0]);
    // Every answer marks which runs are smoke runs.
    const mine = (await person.web.get('/api/submission/mine', { competitionId })).body.data as Row[];
    expect(mine.map((entry) => [entry.submissionId, entry.smoke])).toEqual([
      [realId, false],
      [smokeRuns[1], true],
      [smokeRuns[0], true],
    ]);
  }, 120_000);

  it('keeps scoring’s state tables as the events say (decision 0028)', async () => {
    const result = await verifyStateTables(harness.db, [scoringStateCheck], (check) => [
      harness.platform.stores.get(check.schema)!,
    ]);
    expect(result.checks.flatMap((check) => check.differences)).toEqual([]);
  });
});
