/** What the gateway's end-to-end tests share: a free port, an API caller, and the participant journey. */
import { createServer } from 'node:net';
import { png } from '@sais/kit/testing';
import { expect } from 'vitest';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A signed-in caller of the running platform's API (cookie kept), answering the envelope's data. */
export function caller(origin: string, session = '') {
  let cookie = session;
  const send = (path: string, init: RequestInit = {}) =>
    fetch(new URL(`/api${path}`, origin), {
      ...init,
      headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}), ...init.headers },
    });
  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
  ): Promise<{ code: number; data: T }> => {
    const json = body !== undefined && !(body instanceof FormData);
    const response = await send(path, {
      method,
      headers: json ? { 'content-type': 'application/json' } : {},
      ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : (body as FormData) }),
    });
    cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
    return (await response.json()) as { code: number; data: T };
  };
  /** A file's bytes, with the session (downloads need the sign-up). */
  const download = async (path: string) => Buffer.from(await (await send(path)).arrayBuffer());
  /** The same signed-in caller against another origin (e.g. the platform restored from a backup). */
  const withOrigin = (other: string) => caller(other, cookie);
  return Object.assign(call, { download, withOrigin });
}

export async function eventually<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 450; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Issue 6's "npm start" check (accounts alice2027 / Alice1234 and staff2027 / Staff1234 with the
 * reviewer and operator roles must exist), through the API the portal uses: a verified participant signs up for a
 * seeded track, an operator opens its preliminary phase, the participant uploads the track's sample
 * submission, sees it scored and finds the team on the public leaderboard.
 */
/** The caller's submission once it is no longer Waiting or Evaluating: its row of "my submissions". */
export function finished(
  participant: ReturnType<typeof caller>,
  competitionId: string,
  submissionId: string,
) {
  return eventually(async () => {
    const mine = await participant<
      { submissionId: string; status: string; score: number | null; log: string | null }[]
    >('GET', `/submission/mine?competitionId=${competitionId}`);
    const row = mine.data.find((s) => s.submissionId === submissionId);
    return row && !['Waiting', 'Evaluating'].includes(row.status) ? row : undefined;
  }, `submission ${submissionId} to finish`);
}

export async function submitToSeededTrack(origin: string) {
  const participant = caller(origin);
  const staff = caller(origin);
  expect(
    (await participant('POST', '/user/login', { username: 'alice2027', password: 'Alice1234' })).code,
  ).toBe(0);
  expect((await staff('POST', '/user/login', { username: 'staff2027', password: 'Staff1234' })).code).toBe(0);

  const form = new FormData();
  form.append('name', '张三');
  form.append('certificateType', 'id-card');
  form.append('certificateNumber', '11010519491231002X');
  form.append('front', new Blob([png], { type: 'image/png' }), 'front.png');
  form.append('back', new Blob([png], { type: 'image/png' }), 'back.png');
  expect((await participant('POST', '/user/submitAuthentication', form)).code).toBe(0);
  const queue = await staff<{ records: { verificationId: string }[] }>('POST', '/user/getReview', {});
  const { verificationId } = queue.data.records[0]!;
  // A reviewer opens every photo, types the number read from it and ticks the photo rules (issue 19).
  for (const index of [0, 1])
    await staff.download(`/user/review/photo?verificationId=${verificationId}&index=${index}`);
  await staff('POST', '/user/review', {
    verificationId,
    approve: true,
    certificateNumber: '11010519491231002X',
    checks: ['armAndUpperBodyVisible', 'faceUnobstructed', 'detailsClear'],
  });

  const list = await participant<{ records: { competitionId: string; title: { en: string } }[] }>(
    'GET',
    '/race/list',
  );
  const track = list.data.records.find((record) => /reaction yield/i.test(record.title.en))!;
  const { competitionId } = track;
  const detail = await participant<{ agreements: { agreementId: string }[] }>(
    'GET',
    `/race/detail?competitionId=${competitionId}`,
  );
  const agreements = detail.data.agreements.map((agreement) => agreement.agreementId);
  // The seeded tracks' registration opens on 2027-02-23 (issue 30: sign-up only while it is open): an
  // operator opens it now.
  expect(
    (await staff('POST', `/admin/competitions/${competitionId}/phases/registration/open`, {})).code,
  ).toBe(0);
  // The verification reaches the competition service through the bus: sign-up succeeds once it has.
  let signUp: unknown;
  await eventually(async () => {
    const answer = await participant('POST', '/race/signUp', { competitionId, agreements });
    signUp = answer;
    return answer.code === 0 ? true : undefined;
  }, 'sign-up after verification').catch((error: Error) => {
    throw new Error(`${error.message}: ${JSON.stringify(signUp)}`);
  });
  expect((await staff('POST', `/admin/competitions/${competitionId}/phases/preliminary/open`, {})).code).toBe(
    0,
  );

  const files = await participant<{ fileId: string; name: string }[]>(
    'GET',
    `/race/files?competitionId=${competitionId}`,
  );
  const sample = files.data.find((file) => file.name === 'sample_submission.csv')!;
  const csv = await participant.download(`/race/download?fileId=${sample.fileId}`);
  const upload = new FormData();
  upload.append('competitionId', competitionId);
  upload.append('file', new Blob([csv], { type: 'text/csv' }), 'result.csv');
  // The phase opening reaches scoring through the bus too.
  const submissionId = await eventually(async () => {
    const answer = await participant<{ submissionId: string }>('POST', '/submission/upload', upload);
    return answer.code === 0 ? answer.data.submissionId : undefined;
  }, 'an accepted upload');
  const scored = await finished(participant, competitionId, submissionId);
  expect(scored.status).toBe('Completed');
  expect(typeof scored.score).toBe('number');
  const board = await eventually(async () => {
    const page = await participant<{ records: { participants: string[]; score: number }[] }>(
      'GET',
      `/leaderboard/public?competitionId=${competitionId}`,
    );
    return page.data.records.find((row) => row.participants.includes('alice2027'));
  }, 'the leaderboard row');
  expect(board.score).toBe(scored.score);
  return { participant, staff, competitionId, sample: csv };
}
