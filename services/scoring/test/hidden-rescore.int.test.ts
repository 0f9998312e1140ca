/**
 * `GET /api/submission/scoreRecord` for a run on hidden data that an operator re-scores (issue 36, decisions
 * 0032, 0012), through the API in both modes (PostgreSQL + Kafka and the embedded default), a real image under
 * gVisor. The attack: a script copies the hidden dataset's lines into its result as ids; the file is scored
 * (the ids are the ground truth's), then the ground truth is fixed and the run re-scored: now Invalid, and the
 * scorer's refusal quotes the first id it does not know, the hidden bytes. Once the phase's results are
 * published scoreRecord gives the last scoring event's content: for this run it must give the event's id and
 * hash only (`withheld: 'hiddenData'`), never the quoted bytes, which the run's team reads masked everywhere
 * else. A result file re-scored the same way (no hidden data) is revealed as before, refusal and all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type TestRegistry, startRegistry } from '../../../infra/test/registry.ts';
import { imageCompetition } from './image-competition.ts';
import { type Web, scoringHarness, waitFor } from './support.ts';

const marker = 'HIDDENrs4';
const ids = Array.from({ length: 10 }, (_, i) => `${marker}r${i}`);
// The first ground truth's ids are the hidden file's lines: a script that copies them in is scored.
const truth = `id,yield\n${ids.map((id, i) => `${id},${i}`).join('\n')}\n`;
// The fixed ground truth: other ids, so every earlier file is now Invalid, its first id quoted.
const fixedTruth = `id,yield\n${ids.map((_, i) => `fixed${i},${i}`).join('\n')}\n`;
const secret = `id\n${ids.join('\n')}\n`;

interface Record {
  eventId: string | null;
  eventHash: string | null;
  revealed: boolean;
  withheld: 'hiddenData' | null;
  event: { id: string; type: string; data: { log?: { key: string; params: object } | null } } | null;
}

describe.each(['embedded', 'postgres'] as const)(
  'scoreRecord of a re-scored run on hidden data (%s)',
  (mode) => {
    let harness: Awaited<ReturnType<typeof scoringHarness>>;
    let registry: TestRegistry;
    let competitionId: string;
    let operator: Web;
    let image: string;

    beforeAll(async () => {
      registry = await startRegistry();
      image = await registry.push('hidden-rescore:1', {
        '/app/run.sh': `#!/bin/sh\n{ echo id,yield; sed 1d /saisdata/secret.csv | sed 's/$/,1/'; } > /saisresult/result.csv\n`,
      });
      harness = await scoringHarness({ SCORING_RUN_TIMEOUT_S: '30' }, undefined, {
        embedded: mode === 'embedded',
      });
      operator = harness.operator.web;
      ({ competitionId } = await imageCompetition(harness, registry.address, truth, [
        { name: 'secret.csv', text: secret, hidden: true },
      ]));
    }, 180_000);

    afterAll(async () => {
      await harness?.close();
      await registry?.stop();
    });

    it('gives the re-scored record’s hash only, never the hidden bytes it quotes; a result file’s record stays revealed', async () => {
      const attacker = await harness.participant(competitionId);
      const other = await harness.participant(competitionId);
      // The run on hidden data: scored, since its ids are the ground truth's.
      const submitted = await attacker.web.raw({
        method: 'POST',
        url: '/api/submission/container',
        payload: { competitionId, image, username: registry.username, password: registry.password },
      });
      expect(submitted.body.code).toBe(0);
      const runId = submitted.body.data.submissionId as string;
      const run = await harness.finished(attacker.web, competitionId, runId);
      expect(run).toMatchObject({ status: 'Completed', logWithheld: true });
      const hiddenData = await sql<{ hidden_data: boolean }>`select hidden_data from scoring.container_runs
      where submission_id = ${runId}`.execute(harness.db);
      expect(hiddenData.rows).toEqual([{ hidden_data: true }]);
      // Beside it, a result file with the same ids (its team wrote them): no hidden data.
      const file = await harness.submit(
        other.web,
        competitionId,
        `id,yield\n${ids.map((id) => `${id},1`).join('\n')}\n`,
      );
      expect(file.status).toBe('Completed');

      // The ground truth is fixed and both are re-scored: Invalid now, the refusal quoting their first id.
      await harness.uploadTruth(competitionId, fixedTruth);
      for (const id of [runId, file.submissionId]) {
        const rescored = await operator.post(`/api/admin/submissions/${id}/rescore`, {});
        expect(rescored.body).toMatchObject({ code: 0, data: { status: 'Invalid' } });
      }
      // The attack is real: the event the operators keep holds the hidden bytes.
      const events = await harness.platform.stores.get('scoring')!.readStream(`submission-${runId}`);
      const last = events.filter((event) => event.type === 'scoring.SubmissionRescored').at(-1)!;
      expect(JSON.stringify(last.data)).toContain(marker);
      // What the team reads of it elsewhere is masked (decision 0032).
      const mine = (await attacker.web.get('/api/submission/mine', { competitionId })).body.data as {
        submissionId: string;
        refusal: { params: object } | null;
      }[];
      expect(JSON.stringify(mine.find((row) => row.submissionId === runId))).not.toContain(marker);

      // A file that fits the fixed ground truth, so the board has a row to publish.
      expect((await harness.submit(other.web, competitionId, fixedTruth)).status).toBe('Completed');
      await harness.board(
        competitionId,
        (data) => data.records.length === 1,
        '/api/leaderboard/private',
        operator,
      );

      // Published: scoreRecord gives the event's content, but not this one's.
      await harness.closePhase(competitionId);
      const published = await waitFor(
        () => operator.post('/api/admin/leaderboard/publish', { competitionId, phase: 'preliminary' }),
        (answer) => answer.body.code === 0,
        'the publication',
      );
      expect(published.body.code).toBe(0);
      const record = await waitFor(
        async () =>
          await attacker.web.raw({ method: 'GET', url: `/api/submission/scoreRecord?submissionId=${runId}` }),
        // Revealed or withheld: the board has the publication (without the guard: revealed, and the bytes in it).
        (answer) => answer.body.data?.revealed === true || answer.body.data?.withheld !== null,
        'the publication to reach the board',
      );
      expect(record.rawPayload.toString('utf8')).not.toContain(marker);
      expect(record.body.data as Record).toMatchObject({
        eventId: last.id,
        eventHash: last.hash,
        revealed: false,
        withheld: 'hiddenData',
        event: null,
      });
      // The proof of the event's hash is still the team's (decision 0012).
      const proof = await attacker.web.get('/api/transparency/scoring/proof', { eventId: last.id });
      expect(proof.body).toMatchObject({ code: 0, data: { eventHash: last.hash } });

      // The result file's record is revealed as for any submission, its refusal with it.
      const fileRecord = (
        await other.web.get('/api/submission/scoreRecord', { submissionId: file.submissionId })
      ).body.data as Record;
      expect(fileRecord).toMatchObject({
        revealed: true,
        withheld: null,
        event: { type: 'scoring.SubmissionRescored', data: { log: { key: expect.any(String) } } },
      });
    }, 240_000);
  },
);
