/**
 * Smoke runs (decision 0049) at the decider and ledger level: for any mix of smoke and real container
 * submissions, each run ending any way a run can (a result, an invalid one, a failure of the image, platform
 * faults retried or given up), the smoke runs change neither the board's facts (the scores the board projection
 * reads: SubmissionScored, SubmissionRescored) nor the day's allowance (the ledger's entries); and the format
 * check of a smoke run's result file.
 */
import { scoring } from '@sais/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSmokeResult } from '../../src/containers/smoke.ts';
import { InvalidFile } from '../../src/evaluation/csv.ts';
import { type SubmissionCommand, decideSubmission } from '../../src/submissions/decide.ts';
import { receiptLedgerEntry } from '../../src/submissions/index.ts';
import { type SubmissionState, evolveSubmission, type SubmissionEvent } from '../../src/submissions/state.ts';

const id = (n: number) => `5c0a1f3e-0000-4000-8000-${String(n).padStart(12, '0')}`;
const competitionId = id(999_000);
const quotaDay = '2027-04-01';
const maxAttempts = 2;

type Ending =
  { kind: 'result'; score: number } | { kind: 'invalid' } | { kind: 'failed'; platformFault: boolean };

interface Planned {
  smoke: boolean;
  team: string;
  /** What each attempt ends with, in order (a platform fault is retried while attempts are left). */
  endings: Ending[];
}

const ending: fc.Arbitrary<Ending> = fc.oneof(
  fc.record({ kind: fc.constant('result' as const), score: fc.double({ min: 0, max: 10, noNaN: true }) }),
  fc.constant({ kind: 'invalid' as const }),
  fc.record({ kind: fc.constant('failed' as const), platformFault: fc.boolean() }),
);
const planned: fc.Arbitrary<Planned> = fc.record({
  smoke: fc.boolean(),
  team: fc.constantFrom('team-a', 'team-b'),
  endings: fc.array(ending, { minLength: 1, maxLength: 3 }),
});

/** What the runs leave: the board's facts (scores by submission) and the ledger's entries (deltas by team). */
interface Outcome {
  scores: Map<string, number>;
  ledger: Map<string, number>;
  smokeEvents: string[];
}

/** Drives every planned run through the decider as the runner does (containers' RecordRun), in order. */
function play(runs: readonly { submissionId: string; plan: Planned }[]): Outcome {
  const scores = new Map<string, number>();
  const ledger = new Map<string, number>();
  const smokeEvents: string[] = [];
  for (const { submissionId, plan } of runs) {
    let state = { status: 'none' } as SubmissionState;
    const apply = (command: SubmissionCommand) => {
      const decision = decideSubmission(command, state);
      const events = [...decision.events] as { type: string; data: unknown }[];
      if (decision.refund) {
        events.push({ type: scoring.QuotaRefunded.type, data: { submissionId } });
        ledger.set(plan.team, (ledger.get(plan.team) ?? 0) - 1);
      }
      for (const event of events) {
        state = evolveSubmission(state, event as SubmissionEvent);
        if (plan.smoke) smokeEvents.push(event.type);
        if (event.type === scoring.SubmissionScored.type)
          scores.set(submissionId, (event.data as { publicScore: number }).publicScore);
      }
      return decision;
    };
    apply({
      type: 'Receive',
      submission: {
        submissionId,
        competitionId,
        phase: 'preliminary',
        teamId: plan.team,
        submitterId: id(1),
        fileName: 'registry.example/image:1',
        size: 0,
        sha256: 'a'.repeat(64),
        quotaDay,
        kind: 'container',
        ...(plan.smoke && { smoke: true as const }),
      },
    });
    // The ledger entry `Submissions.record` writes beside the receipt.
    ledger.set(plan.team, (ledger.get(plan.team) ?? 0) + receiptLedgerEntry(plan.smoke).delta);
    for (const end of plan.endings) {
      if (state.status !== 'Waiting') break;
      const claim = apply({ type: 'Claim', worker: 'w', now: 0, leaseMs: 60_000, maxAttempts });
      if (!claim.lease) break;
      const result = { metric: 'rmse' as const, publicScore: end.kind === 'result' ? end.score : 0 };
      const outcome: Extract<SubmissionCommand, { type: 'RecordRun' }>['outcome'] =
        end.kind === 'result'
          ? plan.smoke
            ? { kind: 'checked', rows: 3, runLog: 'log' }
            : {
                kind: 'scored',
                result: { ...result, privateScore: 0, rows: 3, groundTruthSha256: 'b'.repeat(64) },
                runLog: 'log',
              }
          : end.kind === 'invalid'
            ? { kind: 'invalid', verdict: scoring.fileRefusal('noResultFile', {}), runLog: '' }
            : {
                kind: 'failed',
                verdict: scoring.fileRefusal(end.platformFault ? 'engineError' : 'runExitCode', {
                  ...(end.platformFault ? {} : { exitCode: 1 }),
                } as never),
                runLog: '',
                platformFault: end.platformFault,
              };
      apply({ type: 'RecordRun', worker: 'w', maxAttempts, outcome });
    }
  }
  return { scores, ledger, smokeEvents };
}

describe('smoke runs never change the board or the allowance (decision 0049)', () => {
  it('for any mix of smoke and real runs, the board facts and the ledger are those of the real runs alone', () => {
    fc.assert(
      fc.property(fc.array(planned, { maxLength: 12 }), (plans) => {
        const runs = plans.map((plan, i) => ({ submissionId: id(i + 1), plan }));
        const all = play(runs);
        const real = play(runs.filter((run) => !run.plan.smoke));
        expect(all.scores).toEqual(real.scores);
        expect(all.ledger.get('team-a') ?? 0).toBe(real.ledger.get('team-a') ?? 0);
        expect(all.ledger.get('team-b') ?? 0).toBe(real.ledger.get('team-b') ?? 0);
        // A smoke run's stream never holds a score or a refund.
        expect(all.smokeEvents).not.toContain(scoring.SubmissionScored.type);
        expect(all.smokeEvents).not.toContain(scoring.SubmissionRescored.type);
        expect(all.smokeEvents).not.toContain(scoring.QuotaRefunded.type);
      }),
    );
  });

  it('refuses to score or rescore a smoke run, and to check a real one', () => {
    const received = (smoke: boolean): SubmissionState =>
      evolveSubmission({ status: 'none' }, {
        type: scoring.SubmissionReceived.type,
        data: {
          submissionId: id(1),
          competitionId,
          phase: 'preliminary',
          teamId: 't',
          submitterId: id(2),
          fileName: 'i',
          size: 0,
          sha256: 'a'.repeat(64),
          quotaDay,
          kind: 'container',
          ...(smoke && { smoke: true as const }),
        },
      } as SubmissionEvent);
    const claimed = (smoke: boolean) =>
      evolveSubmission(received(smoke), {
        type: scoring.EvaluationStarted.type,
        data: { submissionId: id(1), worker: 'w', attempt: 1, leaseUntil: new Date(1e12).toISOString() },
      } as SubmissionEvent);
    const result = {
      metric: 'rmse' as const,
      publicScore: 1,
      privateScore: 1,
      rows: 1,
      groundTruthSha256: 'b'.repeat(64),
    };
    expect(() =>
      decideSubmission(
        { type: 'RecordRun', worker: 'w', maxAttempts, outcome: { kind: 'scored', result, runLog: '' } },
        claimed(true),
      ),
    ).toThrow(expect.objectContaining({ messageKey: 'smokeRunNotRanked' }));
    expect(() =>
      decideSubmission(
        { type: 'RecordRun', worker: 'w', maxAttempts, outcome: { kind: 'checked', rows: 1, runLog: '' } },
        claimed(false),
      ),
    ).toThrow();
    const checked = decideSubmission(
      { type: 'RecordRun', worker: 'w', maxAttempts, outcome: { kind: 'checked', rows: 1, runLog: 'hello' } },
      claimed(true),
    );
    expect(checked).toMatchObject({
      events: [{ type: scoring.SmokeRunChecked.type, data: { submissionId: id(1), rows: 1 } }],
      status: 'Completed',
      columns: { log: 'hello', refusal: null },
    });
    const completed = evolveSubmission(claimed(true), checked.events[0]!);
    expect(() =>
      decideSubmission(
        {
          type: 'Rescore',
          metric: 'rmse',
          groundTruthSha256: 'b'.repeat(64),
          previousPublicScore: null,
          outcome: { publicScore: 1, privateScore: 1, log: null },
        },
        completed,
      ),
    ).toThrow(expect.objectContaining({ messageKey: 'smokeRunNotRanked' }));
  });
});

describe('a smoke run’s result file: its format only (decision 0049)', () => {
  const check = (text: string) => checkSmokeResult(Buffer.from(text), 'yield');
  const refusalOf = (text: string) => {
    try {
      check(text);
    } catch (error) {
      if (error instanceof InvalidFile) return error.refusal;
      throw error;
    }
    return null;
  };

  it('accepts the header and one id and value per line, and names what is wrong otherwise', () => {
    expect(check('id,yield\na,1\nb,x\n"c,d",2\r\n')).toEqual({ rows: 3 });
    expect(check('id,yield\n')).toEqual({ rows: 0 });
    expect(refusalOf('')?.key).toBe('emptyFile');
    expect(refusalOf('id,label\na,1\n')).toEqual({
      key: 'headerMismatch',
      params: { line: 1, expected: 'id,yield', found: 'id,label' },
    });
    expect(refusalOf('id,yield\na,1,2\n')).toMatchObject({ key: 'columnCount', params: { line: 2 } });
    expect(refusalOf('id,yield\n,1\n')).toMatchObject({ key: 'emptyId', params: { line: 2 } });
    expect(refusalOf('id,yield\na,\n')).toMatchObject({ key: 'emptyValue', params: { line: 2 } });
    expect(refusalOf('id,yield\na,1\na,2\n')).toMatchObject({
      key: 'duplicateId',
      params: { line: 3, id: 'a' },
    });
  });

  it('counts the rows of any file of distinct plain ids and values', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 50 }),
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 50, maxLength: 50 }),
        (ids, values) => {
          const text = `id,yield\n${ids.map((one, i) => `${one},${values[i]}`).join('\n')}\n`;
          expect(check(text)).toEqual({ rows: ids.length });
        },
      ),
    );
  });
});
