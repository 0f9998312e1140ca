/**
 * Hidden datasets (issue 36, decision 0032), through the API as a participant and as an operator, in both
 * modes (PostgreSQL + Kafka and the embedded default): an operator hides a dataset; participants are never
 * listed it, cannot download or preview it (answered as an unknown file), and the sample never holds it;
 * operators list it marked hidden and download it. Container runs still see it at /saisdata: hostile images
 * (busybox-static from the test registry, under gVisor) print it, copy it into /saisresult and quote it in
 * their result's header, and the participant gets none of its bytes by any call, log, verdict, notice or file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionStateCheck } from '@sais/competition';
import { verifyStateTables } from '@sais/kit/platform';
import { client, multipart } from '@sais/kit/testing';
import { sql } from 'kysely';
import { type TestRegistry, startRegistry } from '../../../infra/test/registry.ts';
import { imageCompetition } from './image-competition.ts';
import { type Web, csv, scoringHarness, waitFor } from './support.ts';

const answers = csv((i) => i);
// The hidden file: its header and every line are marked, so any copy of any part of it is found.
const marker = 'HIDDENxq7';
const secret =
  `${marker}_id,${marker}_label\n` +
  Array.from({ length: 5 }, (_, i) => `${marker}r${i},${marker}v${i}`).join('\n') +
  '\n';
const script = (body: string) => ({ '/app/run.sh': `#!/bin/sh\n${body}` });

interface Row {
  submissionId: string;
  status: string;
  score: number | null;
  log: string | null;
  refusal: { key: string; params: Record<string, string | number> } | null;
  logText: string | null;
  logWithheld: boolean;
}

describe.each(['embedded', 'postgres'] as const)('hidden datasets (%s)', (mode) => {
  let harness: Awaited<ReturnType<typeof scoringHarness>>;
  let registry: TestRegistry;
  let competitionId: string;
  let operator: Web;
  let secretId: string;
  let answersId: string;
  const images: Record<string, string> = {};
  /** Every answer body the participant got, as text: none may hold the marker. */
  const seen: string[] = [];

  beforeAll(async () => {
    registry = await startRegistry();
    const push = (name: string, body: string) =>
      registry.push(`hidden-${name}:1`, script(body)).then((image) => (images[name] = image));
    await Promise.all([
      // Prints /saisdata every way busybox can, then hands the hidden file in as its result (refused: its
      // header is the hidden file's, which the scorer's verdict would quote).
      push(
        'leak',
        `echo probing
ls -la /saisdata
cat /saisdata/*
od -c /saisdata/secret.csv | head -5
base64 /saisdata/secret.csv
echo "$(head -1 /saisdata/secret.csv)" >&2
cp /saisdata/secret.csv /saisresult/result.csv
exit 0
`,
      ),
      // A valid result (the public answers) with the hidden file printed in its log: Completed, so it has a
      // result file the participant might download.
      push('copy', 'cat /saisdata/secret.csv\ncp /saisdata/answers.csv /saisresult/result.csv\n'),
      // The hidden ids as the result's ids: refused with the first one quoted (extra id).
      push(
        'ids',
        `{ echo id,yield; sed 1d /saisdata/secret.csv | cut -d, -f1 | sed 's/$/,1/'; } > /saisresult/result.csv\n`,
      ),
    ]);
    harness = await scoringHarness({ SCORING_RUN_TIMEOUT_S: '30', SCORING_RUNNER_SLOTS: '2' }, undefined, {
      embedded: mode === 'embedded',
    });
    operator = harness.operator.web;
    ({
      competitionId,
      fileIds: { 'answers.csv': answersId, 'secret.csv': secretId },
    } = await imageCompetition(harness, registry.address, answers, [
      { name: 'answers.csv', text: answers },
      { name: 'secret.csv', text: secret, hidden: true },
    ]));
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
    await registry?.stop();
  });

  /** A participant's call, its answer kept to search for the hidden bytes. */
  async function as(web: Web, method: 'GET' | 'POST', url: string, payload?: object, language = 'en') {
    const response = await web.raw({
      method,
      url,
      ...(payload && { payload }),
      headers: { 'accept-language': language },
    });
    const text = response.rawPayload.toString('utf8');
    seen.push(text);
    return { ...response, text };
  }

  it('never lists, downloads, previews or samples a hidden dataset for a participant; operators still do', async () => {
    const person = await harness.participant(competitionId);
    const listed = await as(person.web, 'GET', `/api/race/files?competitionId=${competitionId}`);
    expect(listed.body.data.map((file: { name: string }) => file.name)).toEqual(['answers.csv']);
    expect(JSON.stringify(listed.body)).not.toContain(secretId);
    expect(listed.body.data[0]).not.toHaveProperty('hidden');

    // Refused as an unknown file is: the same code and text, so its existence is not confirmed.
    const unknown = await as(person.web, 'GET', `/api/race/download?fileId=${crypto.randomUUID()}`);
    const download = await as(person.web, 'GET', `/api/race/download?fileId=${secretId}`);
    expect(download.status).toBe(404);
    expect(download.body).toEqual(unknown.body);
    expect(download.body).toMatchObject({ code: 20004, message: 'This file does not exist' });
    const preview = await as(person.web, 'GET', `/api/race/preview?fileId=${secretId}`);
    expect(preview.body).toEqual(unknown.body);
    // Anonymous callers as well.
    const anonymousList = await as(
      client(harness.platform.app),
      'GET',
      `/api/race/files?competitionId=${competitionId}`,
    );
    expect(anonymousList.body.data.map((file: { name: string }) => file.name)).toEqual(['answers.csv']);

    // The sample is the ground truth's ids and placeholders: nothing of any dataset, hidden or not.
    const sample = await as(person.web, 'GET', `/api/submission/sample?competitionId=${competitionId}`);
    expect(sample.status).toBe(200);
    expect(sample.text).toMatch(/^id,yield\n/);
    const info = await as(person.web, 'GET', `/api/submission/sample/info?competitionId=${competitionId}`);
    expect(info.body.code).toBe(0);

    // Operators: listed, marked hidden, and downloaded whole (verified or not).
    const staffList = (await operator.get('/api/race/files', { competitionId })).body.data;
    expect(
      staffList.map((file: { name: string; hidden: boolean; downloadable: boolean }) => [
        file.name,
        file.hidden,
        file.downloadable,
      ]),
    ).toEqual([
      ['answers.csv', false, false],
      ['secret.csv', true, true],
    ]);
    const staffDownload = await operator.raw({ method: 'GET', url: `/api/race/download?fileId=${secretId}` });
    expect(staffDownload.status).toBe(200);
    expect(staffDownload.rawPayload.toString('utf8')).toBe(secret);
    const staffPreview = await operator.get('/api/race/preview', { fileId: secretId });
    expect(staffPreview.body.data.header).toEqual([`${marker}_id`, `${marker}_label`]);

    // Shown again: listed to participants; hidden once more for the runs below.
    const visibility = (hidden: boolean) =>
      operator.raw({
        method: 'PUT',
        url: `/api/admin/competitions/${competitionId}/files/${secretId}/visibility`,
        payload: { hidden },
      });
    expect((await visibility(false)).body.code).toBe(0);
    expect(
      (await person.web.get('/api/race/files', { competitionId })).body.data.map(
        (file: { name: string }) => file.name,
      ),
    ).toEqual(['answers.csv', 'secret.csv']);
    expect((await visibility(true)).body.code).toBe(0);
    expect(
      (await person.web.get('/api/race/files', { competitionId })).body.data.map(
        (file: { name: string }) => file.name,
      ),
    ).toEqual(['answers.csv']);
    // A documentation file cannot be hidden (zh-CN and en); an unknown file is not found.
    const { payload, contentType } = multipart(
      { kind: 'document' },
      { file: { name: 'rules.md', type: 'text/markdown', bytes: Buffer.from('# Rules\n') } },
    );
    const document = (
      await operator.raw({
        method: 'POST',
        url: `/api/admin/competitions/${competitionId}/files`,
        payload,
        headers: { 'content-type': contentType },
      })
    ).body.data.fileId;
    const refuse = (fileId: string, language: string) =>
      operator.raw({
        method: 'PUT',
        url: `/api/admin/competitions/${competitionId}/files/${fileId}/visibility`,
        payload: { hidden: true },
        headers: { 'accept-language': language },
      });
    expect((await refuse(document, 'en')).body).toMatchObject({
      code: 20073,
      message: expect.stringMatching(/^Only a dataset file can be hidden/),
    });
    expect((await refuse(document, 'zh-CN')).body).toMatchObject({
      code: 20073,
      message: expect.stringMatching(/^只有数据集文件可以对参赛者隐藏/),
    });
    expect((await refuse(crypto.randomUUID(), 'en')).body.code).toBe(20004);
    // Participants may not set it.
    const forbidden = await person.web.raw({
      method: 'PUT',
      url: `/api/admin/competitions/${competitionId}/files/${secretId}/visibility`,
      payload: { hidden: false },
    });
    expect(forbidden.status).toBe(403);
    expect(answersId).toBeTruthy();
  }, 60_000);

  /** Submits `image` as a new participant and waits for its verdict. */
  async function run(name: string) {
    const person = await harness.participant(competitionId);
    const submitted = await as(person.web, 'POST', '/api/submission/container', {
      competitionId,
      image: images[name],
      username: registry.username,
      password: registry.password,
    });
    expect(submitted.body).toMatchObject({ code: 0, data: { status: 'Waiting' } });
    const submissionId = submitted.body.data.submissionId as string;
    const row = await waitFor(
      async () =>
        ((await person.web.get('/api/submission/mine', { competitionId })).body.data as Row[]).find(
          (entry) => entry.submissionId === submissionId,
        )!,
      (entry) => !['Waiting', 'Evaluating'].includes(entry.status),
      'the run to finish',
    );
    return { person, submissionId, row };
  }

  /** Everything the participant can read about the run, in both languages. */
  async function participantReads(person: { web: Web }, submissionId: string) {
    const answers = [];
    for (const language of ['en', 'zh-CN'])
      answers.push(
        await as(
          person.web,
          'GET',
          `/api/submission/mine?competitionId=${competitionId}`,
          undefined,
          language,
        ),
      );
    answers.push(await as(person.web, 'GET', `/api/submission/file?submissionId=${submissionId}`));
    answers.push(await as(person.web, 'GET', `/api/submission/scoreRecord?submissionId=${submissionId}`));
    // The inbox: the run's notice (Invalid, Failed or scored), each message opened.
    const page = await waitFor(
      () => as(person.web, 'GET', '/api/notify/page?page=1&pageSize=50'),
      (response) => (response.body.data?.records?.length ?? 0) > 0,
      'the run’s notice',
    );
    for (const message of page.body.data.records as { notifyId: string }[])
      for (const language of ['en', 'zh-CN'])
        answers.push(
          await as(person.web, 'GET', `/api/notify/detail?notifyId=${message.notifyId}`, undefined, language),
        );
    return answers;
  }

  /** What an operator reads of the run: the whole log. */
  const operatorRow = async (submissionId: string) =>
    (await operator.get(`/api/admin/submissions/${submissionId}`)).body.data as { log: string | null };

  it('withholds the log and quoted values of a hostile run on hidden data; operators read them', async () => {
    const { person, submissionId, row } = await run('leak');
    expect(row).toMatchObject({ status: 'Invalid', log: null, logWithheld: true });
    expect(row.refusal?.key).toBe('headerMismatch');
    expect(row.refusal?.params.found).toBe('…');
    expect(row.logText).toContain('The log of this run is not shown');
    expect(row.logText).toContain('the header must be');
    const zh = (
      await as(person.web, 'GET', `/api/submission/mine?competitionId=${competitionId}`, undefined, 'zh-CN')
    ).body.data[0] as Row;
    expect(zh.logText).toContain('此次运行的日志不予显示');
    await participantReads(person, submissionId);
    // The organisers see everything the run printed, and the event says the run had hidden data.
    expect((await operatorRow(submissionId)).log).toContain(`${marker}r4,${marker}v4`);
    const progressed = (
      await harness.platform.stores.get('scoring')!.readStream(`submission-${submissionId}`)
    )
      .filter((event) => event.type === 'scoring.ContainerRunProgressed')
      .map((event) => event.data as { state: string; hiddenData?: boolean });
    expect(progressed).toContainEqual(expect.objectContaining({ state: 'running', hiddenData: true }));
  }, 120_000);

  it('masks hidden ids quoted by the verdict', async () => {
    const { person, submissionId, row } = await run('ids');
    expect(row).toMatchObject({ status: 'Invalid', log: null, logWithheld: true });
    expect(JSON.stringify(row.refusal)).not.toContain(marker);
    await participantReads(person, submissionId);
  }, 120_000);

  it('scores a run on hidden data but gives the participant neither its log nor its result file', async () => {
    const { person, submissionId, row } = await run('copy');
    expect(row).toMatchObject({ status: 'Completed', log: null, logWithheld: true, refusal: null });
    expect(row.score).toBe(0);
    const file = await as(person.web, 'GET', `/api/submission/file?submissionId=${submissionId}`);
    expect(file.status).toBe(403);
    expect(file.body).toMatchObject({ code: 40120, message: expect.stringMatching(/not given out/) });
    const zh = await as(
      person.web,
      'GET',
      `/api/submission/file?submissionId=${submissionId}`,
      undefined,
      'zh-CN',
    );
    expect(zh.body).toMatchObject({ code: 40120, message: expect.stringMatching(/不予下载/) });
    await participantReads(person, submissionId);
    expect((await operatorRow(submissionId)).log).toContain(`${marker}_id,${marker}_label`);
  }, 120_000);

  it('keeps the competition service’s files table as its events say (decision 0028)', async () => {
    const result = await verifyStateTables(harness.db, [competitionStateCheck], (check) => [
      harness.platform.stores.get(check.schema)!,
    ]);
    expect(result.checks.flatMap((check) => check.differences)).toEqual([]);
    const row = await sql<{
      hidden: boolean;
    }>`select hidden from competition.files where file_id = ${secretId}`.execute(harness.db);
    expect(row.rows).toEqual([{ hidden: true }]);
  });

  it('gave the participant none of the hidden bytes by any call', () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const body of seen)
      expect(
        body.includes(marker),
        body.slice(Math.max(0, body.indexOf(marker) - 300), body.indexOf(marker) + 40),
      ).toBe(false);
    // Nor the hidden lines in any encoding the images printed (base64 of its first line).
    const encoded = Buffer.from(secret).toString('base64').slice(0, 24);
    for (const body of seen) expect(body).not.toContain(encoded);
  });
});
