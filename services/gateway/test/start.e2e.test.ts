import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { png } from '@sais/kit/testing';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';

function freePort(): Promise<number> {
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
function caller(origin: string) {
  let cookie = '';
  const send = (path: string, init: RequestInit = {}) =>
    fetch(new URL(`/api${path}`, origin), {
      ...init,
      headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}), ...init.headers },
    });
  const call = async <T>(
    method: 'GET' | 'POST',
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
  return Object.assign(call, { download });
}

async function eventually<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 450; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Issue 6's "npm start" check, through the API the portal uses: a verified participant signs up for a
 * seeded track, an operator opens its preliminary phase, the participant uploads the track's sample
 * submission, sees it scored and finds the team on the public leaderboard.
 */
async function submitToSeededTrack(origin: string) {
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
  await staff('POST', '/user/review', {
    verificationId: queue.data.records[0]!.verificationId,
    approve: true,
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
  const scored = await eventually(async () => {
    const mine = await participant<{ submissionId: string; status: string; score: number | null }[]>(
      'GET',
      `/submission/mine?competitionId=${competitionId}`,
    );
    const row = mine.data.find((s) => s.submissionId === submissionId);
    return row && !['Waiting', 'Evaluating'].includes(row.status) ? row : undefined;
  }, 'the submission to be scored');
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
}

const run = promisify(execFile);

describe('npm start (embedded default)', () => {
  it('starts with no external servers, serves a page and /api/docs, and a participant gets a result on the leaderboard', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sais-start-'));
    const port = await freePort();
    // No DATABASE_URL / KAFKA_BROKERS: the embedded default.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SAIS_DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.KAFKA_BROKERS;
    // Accounts from the command line, as the README says (before start: PGlite is one process at a time).
    const admin = (...args: string[]) =>
      run('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: repositoryRoot, env });
    await admin('create', 'alice2027', 'alice2027@example.org', 'Alice1234');
    await admin('create', 'staff2027', 'staff2027@example.org', 'Staff1234', 'reviewer', 'operator');
    const child = spawn('npm', ['start'], {
      cwd: repositoryRoot,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('API docs')) resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${text}`)));
      });
      const portal = output.match(/portal\s+(http\S+)/)![1]!;
      expect(output).toContain('embedded PostgreSQL (PGlite)');
      expect(output).toContain('in-process bus');
      const page = await fetch(portal);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const docs = await fetch(new URL('/api/docs/json', portal));
      expect(((await docs.json()) as { openapi: string }).openapi).toMatch(/^3\./);
      await submitToSeededTrack(portal);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
