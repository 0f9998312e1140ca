import { scoring } from '@sais/events';
import { deciderSpec } from '@sais/kit/testing';
import { describe, expect, it } from 'vitest';
import {
  type SubmissionCommand,
  type SubmissionDecision,
  decideSubmission,
} from '../../src/submissions/decide.ts';
import { type SubmissionState, foldSubmission } from '../../src/submissions/state.ts';

type Event = { type: string; data: unknown };
/** A decision as a spec writes it (events as plain objects). */
type Decision = Omit<SubmissionDecision, 'events'> & { events: Event[] };
const given = (history: Event[]) =>
  deciderSpec<SubmissionCommand, SubmissionState, Event, Decision>({
    fold: foldSubmission,
    decide: decideSubmission,
  })(history);

const id = (n: number) => `5c0a1f3e-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [submissionId, competitionId, submitterId, newer] = [1, 2, 3, 4].map(id) as [
  string,
  string,
  string,
  string,
];
const teamId = 'team-7';
const quotaDay = '2027-04-01';
const now = Date.parse('2027-04-01T08:00:00.000Z');
const leaseMs = 60_000;
const at = (ms: number) => new Date(ms).toISOString();
const refund = { competitionId, teamId, quotaDay };

const received = (kind?: 'file' | 'container'): Event => ({
  type: 'scoring.SubmissionReceived',
  data: {
    submissionId,
    competitionId,
    phase: 'main',
    teamId,
    submitterId,
    fileName: 'result.csv',
    size: 10,
    sha256: 'a'.repeat(64),
    quotaDay,
    ...(kind && { kind }),
  },
});
const file = received();
const container = received('container');
const started = (attempt: number, worker = 'w1', until = now + leaseMs): Event => ({
  type: 'scoring.EvaluationStarted',
  data: { submissionId, worker, attempt, leaseUntil: at(until) },
});
const failed = (attempt: number, final = false): Event => ({
  type: 'scoring.EvaluationFailed',
  data: { submissionId, attempt, reason: 'disk', final },
});
const released = (attempt: number, worker = 'w1'): Event => ({
  type: 'scoring.ContainerRunReleased',
  data: { submissionId, attempt, worker },
});
const result = {
  metric: 'accuracy' as const,
  publicScore: 0.9,
  privateScore: 0.8,
  rows: 100,
  groundTruthSha256: 'b'.repeat(64),
};
const scored: Event = { type: 'scoring.SubmissionScored', data: { submissionId, ...result } };
const invalidLog = scoring.fileRefusal('evaluationFailed', { reason: 'x' });
const invalid: Event = { type: 'scoring.SubmissionInvalid', data: { submissionId, log: 'bad header' } };
const cancelled: Event = {
  type: 'scoring.SubmissionCancelled',
  data: { submissionId, cancelledBy: submitterId },
};

const claim = (extra: Partial<Extract<SubmissionCommand, { type: 'Claim' }>> = {}): SubmissionCommand => ({
  type: 'Claim',
  worker: 'w2',
  now,
  leaseMs,
  maxAttempts: 3,
  ...extra,
});
const claimed = (attempt: number, worker = 'w2') => ({
  events: [
    {
      type: 'scoring.EvaluationStarted',
      data: { submissionId, worker, attempt, leaseUntil: at(now + leaseMs) },
    },
  ],
  status: 'Evaluating' as const,
  lease: { worker, attempt, until: now + leaseMs },
});
const recordScore = (
  outcome: Extract<SubmissionCommand, { type: 'RecordScore' }>['outcome'],
  worker = 'w1',
): SubmissionCommand => ({ type: 'RecordScore', worker, maxAttempts: 3, outcome });
const recordRun = (
  outcome: Extract<SubmissionCommand, { type: 'RecordRun' }>['outcome'],
  worker = 'w1',
): SubmissionCommand => ({ type: 'RecordRun', worker, maxAttempts: 2, outcome });

describe('submission state', () => {
  it('follows the stream: received, claimed, retried, finished, rescored, disqualified', () => {
    expect(foldSubmission([])).toEqual({ status: 'none' });
    expect(foldSubmission([file])).toMatchObject({ status: 'Waiting', attempts: 0, counted: 0 });
    expect(foldSubmission([file, started(1)])).toMatchObject({
      status: 'Evaluating',
      attempts: 1,
      lease: { worker: 'w1', attempt: 1, until: now + leaseMs },
    });
    expect(foldSubmission([file, started(1), failed(1)])).toMatchObject({ status: 'Waiting', attempts: 1 });
    expect(foldSubmission([file, started(1), failed(1, true)]).status).toBe('Failed');
    expect(foldSubmission([file, started(1), scored]).status).toBe('Completed');
    const rescoredInvalid = {
      type: 'scoring.SubmissionRescored',
      data: {
        submissionId,
        ...result,
        publicScore: null,
        privateScore: null,
        log: 'x',
        previousPublicScore: 0.9,
      },
    };
    expect(foldSubmission([file, started(1), scored, rescoredInvalid]).status).toBe('Invalid');
    const disqualified = { type: 'scoring.SubmissionDisqualified', data: { submissionId, reason: 'copied' } };
    expect(foldSubmission([file, started(1), scored, disqualified])).toMatchObject({
      status: 'Completed',
      disqualified: true,
    });
  });
  it('does not count a container run given back, and remembers a pulled image', () => {
    const running = {
      type: 'scoring.ContainerRunProgressed',
      data: { submissionId, state: 'running', attempt: 1 },
    };
    expect(foldSubmission([container, started(1), running, released(1), started(2)])).toMatchObject({
      status: 'Evaluating',
      attempts: 2,
      counted: 1,
      pulled: true,
    });
  });
});

describe('receive', () => {
  it('opens a new stream, Waiting, with the admitted submission as its first event', () => {
    const { data } = container as { data: Extract<SubmissionCommand, { type: 'Receive' }>['submission'] };
    given([])
      .when({ type: 'Receive', submission: data })
      .then({ events: [container], status: 'Waiting' });
  });
  it('refuses an id whose stream exists already (as the store would)', () => {
    const { data } = file as { data: Extract<SubmissionCommand, { type: 'Receive' }>['submission'] };
    given([file]).when({ type: 'Receive', submission: data }).thenThrows('expected version no_stream');
  });
});

describe('container run progress', () => {
  const progress = (state: 'pulling' | 'running' | 'collecting', worker = 'w1'): SubmissionCommand => ({
    type: 'Progress',
    worker,
    state,
  });
  it('records the step under the claim its runner holds, with the claim’s attempt', () => {
    given([container, started(1), failed(1), started(2)])
      .when(progress('running'))
      .then({
        events: [
          { type: 'scoring.ContainerRunProgressed', data: { submissionId, state: 'running', attempt: 2 } },
        ],
        status: 'Evaluating',
      });
  });
  it('refuses another runner, a submission not running, and a result file', () => {
    given([container, started(1)])
      .when(progress('pulling', 'w2'))
      .thenThrows('submissionNotClaimable');
    given([container]).when(progress('pulling')).thenThrows('submissionNotClaimable');
    given([container, started(1), released(1)])
      .when(progress('collecting'))
      .thenThrows('submissionNotClaimable');
    given([file, started(1)])
      .when(progress('running'))
      .thenThrows('submissionNotClaimable');
    given([]).when(progress('running')).thenThrows('submissionNotFound');
  });
});

describe('claim', () => {
  it('takes a waiting submission with a lease from the command’s time', () => {
    given([file]).when(claim()).then(claimed(1));
    given([file, started(1), failed(1)])
      .when(claim())
      .then(claimed(2));
  });
  it('leaves a live lease to its holder, unless it ran out or the holder is gone', () => {
    given([file, started(1)])
      .when(claim())
      .thenThrows('submissionNotClaimable');
    given([file, started(1, 'w1', now)])
      .when(claim())
      .then(claimed(2));
    given([file, started(1)])
      .when(claim({ takeOver: true }))
      .then(claimed(2));
  });
  it('refuses finished, cancelled and unknown submissions', () => {
    given([file, started(1), scored])
      .when(claim())
      .thenThrows('submissionNotClaimable');
    given([file, started(1), invalid])
      .when(claim())
      .thenThrows('submissionNotClaimable');
    given([file, started(1), failed(1, true)])
      .when(claim())
      .thenThrows('submissionNotClaimable');
    given([file, cancelled]).when(claim()).thenThrows('submissionNotClaimable');
    given([]).when(claim()).thenThrows('submissionNotFound');
  });
  it('fails a container run whose counted claims are used up, and refunds it', () => {
    const verdict = scoring.fileRefusal('runnerStopped', { times: 2 });
    given([container, started(1), failed(1), started(2, 'w1', now)])
      .when(claim({ maxAttempts: 2 }))
      .then({
        events: [
          {
            type: 'scoring.EvaluationFailed',
            data: {
              submissionId,
              attempt: 2,
              reason: scoring.fileRefusalText(verdict, 'en'),
              final: true,
              verdict,
            },
          },
        ],
        status: 'Failed',
        columns: { log: null, refusal: verdict },
        refund,
      });
    // A run given back does not count: a third claim.
    given([container, started(1), failed(1), started(2), released(2)])
      .when(claim({ maxAttempts: 2 }))
      .then(claimed(3));
  });
});

describe('record a result file’s score', () => {
  const evaluating = [file, started(1)];
  it('records scores on a Completed row', () => {
    given(evaluating)
      .when(recordScore({ kind: 'scored', result }))
      .then({
        events: [scored],
        status: 'Completed',
        columns: { public_score: 0.9, private_score: 0.8, log: null },
      });
  });
  it('records an invalid file with its refusal and gives a result file’s allowance back', () => {
    given(evaluating)
      .when(recordScore({ kind: 'invalid', log: invalidLog }))
      .then({
        events: [{ type: 'scoring.SubmissionInvalid', data: { submissionId, log: invalidLog } }],
        status: 'Invalid',
        columns: { log: null, refusal: invalidLog },
        refund: { ...refund, reason: 'format' },
      });
    given(evaluating)
      .when(recordScore({ kind: 'invalid', log: 'ground truth text' }))
      .then({
        events: [{ type: 'scoring.SubmissionInvalid', data: { submissionId, log: 'ground truth text' } }],
        status: 'Invalid',
        columns: { log: 'ground truth text', refusal: null },
        refund: { ...refund, reason: 'format' },
      });
  });
  it('retries a platform failure while attempts are left, then fails it with a refund', () => {
    given(evaluating)
      .when(recordScore({ kind: 'failed', reason: 'disk' }))
      .then({ events: [failed(1)], status: 'Waiting', columns: { log: null } });
    given([file, started(1), failed(1), started(2), failed(2), started(3)])
      .when(recordScore({ kind: 'failed', reason: 'disk' }))
      .then({
        events: [failed(3, true)],
        status: 'Failed',
        columns: { log: null, refusal: scoring.fileRefusal('evaluationFailed', { reason: 'disk' }) },
        refund,
      });
  });
  it('records only for the worker holding the claim', () => {
    given(evaluating)
      .when(recordScore({ kind: 'scored', result }, 'w2'))
      .thenThrows('submissionNotClaimable');
    given([file])
      .when(recordScore({ kind: 'scored', result }))
      .thenThrows('submissionNotClaimable');
    given([file, started(1), scored])
      .when(recordScore({ kind: 'scored', result }))
      .thenThrows('submissionNotClaimable');
  });
});

describe('record a container run', () => {
  const evaluating = [container, started(1)];
  const verdict = scoring.fileRefusal('evaluationFailed', { reason: 'engine' });
  const text = scoring.fileRefusalText(verdict, 'en');
  it('records scores with the run’s output, and an invalid result with no refund', () => {
    given(evaluating)
      .when(recordRun({ kind: 'scored', result, runLog: 'epoch 1\n\n' }))
      .then({
        events: [scored],
        status: 'Completed',
        columns: { public_score: 0.9, private_score: 0.8, log: 'epoch 1' },
      });
    given(evaluating)
      .when(recordRun({ kind: 'invalid', verdict, runLog: '' }))
      .then({
        events: [{ type: 'scoring.SubmissionInvalid', data: { submissionId, log: verdict } }],
        status: 'Invalid',
        columns: { log: null, refusal: verdict },
      });
  });
  it('retries a platform fault while counted claims are left, then fails it with a refund', () => {
    const fault = { kind: 'failed' as const, verdict, runLog: 'out', platformFault: true, detail: 'oom' };
    given(evaluating)
      .when(recordRun(fault))
      .then({
        events: [
          {
            type: 'scoring.EvaluationFailed',
            data: { submissionId, attempt: 1, reason: `${text} [engine: oom]`, final: false },
          },
        ],
        status: 'Waiting',
        columns: { log: null, refusal: null },
      });
    given([container, started(1), failed(1), started(2)])
      .when(recordRun(fault))
      .then({
        events: [
          {
            type: 'scoring.EvaluationFailed',
            data: { submissionId, attempt: 2, reason: `${text} [engine: oom]`, final: true, verdict },
          },
        ],
        status: 'Failed',
        columns: { log: 'out', refusal: verdict },
        refund,
      });
  });
  it('fails the participant’s own fault at once and keeps the allowance used', () => {
    given(evaluating)
      .when(recordRun({ kind: 'failed', verdict, runLog: '', platformFault: false }))
      .then({
        events: [
          {
            type: 'scoring.EvaluationFailed',
            data: { submissionId, attempt: 1, reason: text, final: true, verdict },
          },
        ],
        status: 'Failed',
        columns: { log: null, refusal: verdict },
      });
  });
  it('records only for the runner holding the claim', () => {
    given([container, started(1), released(1)])
      .when(recordRun({ kind: 'invalid', verdict, runLog: '' }))
      .thenThrows('submissionNotClaimable');
  });
});

describe('release, stop and cancel', () => {
  it('gives a run back to the queue without counting or refunding it', () => {
    given([container, started(1)])
      .when({ type: 'Release', worker: 'w1' })
      .then({ events: [released(1)], status: 'Waiting' });
    given([container, started(1)])
      .when({ type: 'Release', worker: 'w2' })
      .thenThrows('submissionNotClaimable');
    given([container]).when({ type: 'Release', worker: 'w1' }).thenThrows('submissionNotClaimable');
  });
  it('stops an unfinished container run for a newer one: Failed, no refund', () => {
    const verdict = scoring.fileRefusal('evaluationFailed', { reason: 'stopped' });
    const stop = { type: 'StopRun' as const, stoppedBy: newer, stoppedByAccount: submitterId, verdict };
    const stopped = {
      type: 'scoring.ContainerRunStopped',
      data: { submissionId, stoppedBy: newer, stoppedByAccount: submitterId },
    };
    for (const history of [[container], [container, started(1)]])
      given(history)
        .when(stop)
        .then({ events: [stopped], status: 'Failed', columns: { log: null, refusal: verdict } });
    expect(foldSubmission([container, started(1), stopped]).status).toBe('Failed');
    given([container, stopped]).when(stop).thenThrows('submissionNotClaimable');
    given([file]).when(stop).thenThrows('submissionNotClaimable');
  });
  it('cancels a result file no worker took, with a cancel refund', () => {
    given([file])
      .when({ type: 'Cancel', by: submitterId })
      .then({ events: [cancelled], status: 'Cancelled', refund: { ...refund, reason: 'cancelled' } });
  });
  it('refuses to cancel once a worker took it, a container run, or a finished one', () => {
    for (const history of [
      [file, started(1)],
      [file, started(1), failed(1)],
      [container],
      [file, cancelled],
      [],
    ])
      given(history).when({ type: 'Cancel', by: submitterId }).thenThrows('submissionNotCancellable');
  });
});

describe('rescore and disqualify', () => {
  const rescore = (log: scoring.SubmissionLog | null): SubmissionCommand => ({
    type: 'Rescore',
    metric: 'accuracy',
    groundTruthSha256: 'c'.repeat(64),
    previousPublicScore: 0.9,
    outcome:
      log === null
        ? { publicScore: 0.7, privateScore: 0.6, log }
        : { publicScore: null, privateScore: null, log },
  });
  it('records new scores, or the refusal of a file that no longer fits', () => {
    const data = {
      submissionId,
      metric: 'accuracy',
      groundTruthSha256: 'c'.repeat(64),
      previousPublicScore: 0.9,
    };
    given([file, started(1), scored])
      .when(rescore(null))
      .then({
        events: [
          {
            type: 'scoring.SubmissionRescored',
            data: { ...data, publicScore: 0.7, privateScore: 0.6, log: null },
          },
        ],
        status: 'Completed',
        columns: { public_score: 0.7, private_score: 0.6, log: null, refusal: null },
      });
    given([file, started(1), invalid])
      .when(rescore(invalidLog))
      .then({
        events: [
          {
            type: 'scoring.SubmissionRescored',
            data: { ...data, publicScore: null, privateScore: null, log: invalidLog },
          },
        ],
        status: 'Invalid',
        columns: { public_score: null, private_score: null, log: null, refusal: invalidLog },
      });
  });
  it('rescores only Completed or Invalid submissions, saying the status', () => {
    for (const history of [
      [file],
      [file, started(1)],
      [file, started(1), failed(1, true)],
      [file, cancelled],
      [],
    ])
      given(history).when(rescore(null)).thenThrows('submissionNotRescorable');
    expect(() => decideSubmission(rescore(null), foldSubmission([file, started(1)]))).toThrow(
      expect.objectContaining({ data: { status: 'Evaluating' } }),
    );
  });
  it('disqualifies once, whatever the status', () => {
    const disqualified = { type: 'scoring.SubmissionDisqualified', data: { submissionId, reason: 'copied' } };
    given([file, started(1), scored])
      .when({ type: 'Disqualify', reason: 'copied' })
      .then({ events: [disqualified], status: 'Completed' });
    given([file, started(1), scored, disqualified])
      .when({ type: 'Disqualify', reason: 'again' })
      .thenThrows('alreadyDisqualified');
    given([]).when({ type: 'Disqualify', reason: 'copied' }).thenThrows('submissionNotFound');
  });
});
