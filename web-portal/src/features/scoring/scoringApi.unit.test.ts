// @vitest-environment jsdom
// (uploads go through XMLHttpRequest for their progress)
import { describe, expect, it } from 'vitest';
import { envelope, useRecordingApi } from '../../../test/support/recordingApi';
import { createScoringApi } from './scoringApi';

const competitionId = '7c1f0a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';

describe('the scoring calls', () => {
  const harness = useRecordingApi(createScoringApi);
  it('uploads the file as multipart with the competition', async () => {
    harness.server.answer(
      '/api/submission/upload',
      envelope(0, 'Submit success', { submissionId: 's-1', status: 'Waiting', remaining: 2 }),
    );
    const file = new File(['id,yield\n1,0.5\n'], 'result.csv', { type: 'text/csv' });
    await expect(harness.api.upload(competitionId, file)).resolves.toEqual({
      submissionId: 's-1',
      status: 'Waiting',
      remaining: 2,
    });
    const [request] = harness.server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('name="competitionId"');
    expect(request?.body).toContain(competitionId);
    expect(request?.body).toContain('filename="result.csv"');
    expect(request?.body).toContain('id,yield\n1,0.5');
  });

  it('shows the server’s message when the daily limit is reached', async () => {
    harness.server.answer('/api/submission/upload', {
      status: 429,
      ...envelope(20405, "Your team has used today's submissions"),
    });
    await expect(harness.api.upload(competitionId, new File(['x'], 'a.csv'))).rejects.toMatchObject({
      code: 20405,
    });
    expect(harness.shown).toEqual([{ severity: 'error', message: "Your team has used today's submissions" }]);
  });

  it('asks for my submissions, the allowance, my score and the board with the competition', async () => {
    harness.server.answer('/api/submission/mine', envelope(0, 'ok', []));
    harness.server.answer(
      '/api/submission/remaining',
      envelope(0, 'ok', { limit: 3, used: 1, remaining: 2 }),
    );
    harness.server.answer('/api/submission/myScore', envelope(0, 'ok', { best: [], history: [] }));
    harness.server.answer(
      '/api/leaderboard/public',
      envelope(0, 'ok', { phase: null, total: 0, page: 2, pageSize: 20, records: [] }),
    );
    await harness.api.mine(competitionId);
    await expect(harness.api.remaining(competitionId)).resolves.toMatchObject({ remaining: 2 });
    await harness.api.myScore(competitionId);
    await harness.api.leaderboard(competitionId, 2, 20);
    expect(harness.server.requests.map((r) => [r.method, r.path, r.query.toString()])).toEqual([
      ['GET', '/api/submission/mine', `competitionId=${competitionId}`],
      ['GET', '/api/submission/remaining', `competitionId=${competitionId}`],
      ['GET', '/api/submission/myScore', `competitionId=${competitionId}`],
      ['GET', '/api/leaderboard/public', `competitionId=${competitionId}&page=2&pageSize=20`],
    ]);
  });

  it('downloads my file', async () => {
    harness.server.answer('/api/submission/file', {
      headers: { 'Content-Type': 'text/csv' },
      body: 'id,yield\n1,0.5\n',
    });
    const blob = await harness.api.file('5b0e2d9c-6a7b-4c8d-9e0f-112233445566');
    await expect(blob.text()).resolves.toBe('id,yield\n1,0.5\n');
    expect(harness.server.requests[0]?.query.get('submissionId')).toBe(
      '5b0e2d9c-6a7b-4c8d-9e0f-112233445566',
    );
  });
});
