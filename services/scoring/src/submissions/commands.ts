/**
 * The only caller of the submission decider (decide.ts) and of the recorder (record.ts): every change to a submission goes through here.
 *
 * One way to record: the recorder appends the decided events (and a refund's QuotaRefunded) and writes
 * the row and the refund's ledger entry, in one transaction.
 *
 * One retry policy, the kit's `handleCommand`: a single-stream command reads the stream, folds it,
 * decides and records; a lost race is decided again on the new state (5 tries in all), so the loser
 * gets the decider's refusal (taken over, no longer cancellable) rather than a conflict. Inside the
 * caller's transaction (`trx`) it runs once and a lost race aborts that transaction. Two set-based
 * forms are not retried: a chunk (`decideMany`) is decided at the versions its caller read and fails
 * whole on a lost race (ConcurrencyError, nothing written), and the caller then takes each submission
 * on its own; a new stream (`receive`) has nothing to read, and a second receive of its id is refused
 * by the store.
 */
import { type EventMetadata, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { type EventStore, type StreamDecider, type StreamHead, handleCommand } from '@sais/kit/eventstore';
import type { RawBuilder } from 'kysely';
import { type SubmissionCommand, type SubmissionDecision, decideSubmission } from './decide.ts';
import {
  type SubmissionEvent,
  type SubmissionState,
  evolveSubmission,
  initialSubmission,
  stream,
} from './state.ts';
import { eventsOf, recordRows, recordSteps } from './record.ts';

type Received = Extract<SubmissionCommand, { type: 'Receive' }>['submission'];

/** What a single-stream command did: the decision, the state before and after it, the new version. */
export interface CommandOutcome {
  decision: SubmissionDecision;
  before: SubmissionState;
  after: SubmissionState;
  version: number;
}

/** One submission of a chunk: its command and the state and head its caller read. */
export interface ChunkCommand {
  submissionId: string;
  command: SubmissionCommand;
  state: SubmissionState;
  head: StreamHead;
  metadata: EventMetadata;
}

/** What a chunk's command did to one submission: the decision, the state after it, the new head. */
export interface ChunkOutcome {
  decision: SubmissionDecision;
  after: SubmissionState;
  head: StreamHead;
}

/** The state after a decision's events (a refund's QuotaRefunded changes nothing the callers read). */
export const afterDecision = (state: SubmissionState, decision: SubmissionDecision): SubmissionState =>
  decision.events.reduce(evolveSubmission, state);

export class SubmissionCommands {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  /**
   * Decides and records one command on one submission through the kit's `handleCommand`. `command` may
   * be a function of the state read, for a command that depends on it (a takeover only of the claim
   * the caller saw). Throws the decider's refusal.
   */
  async handle(
    submissionId: string,
    command: SubmissionCommand | ((state: SubmissionState) => SubmissionCommand),
    metadata: EventMetadata,
    options: { trx?: Db } = {},
  ): Promise<CommandOutcome> {
    let decided: { decision: SubmissionDecision; before: SubmissionState } | undefined;
    const decider: StreamDecider<typeof command, SubmissionState, SubmissionEvent> = {
      streamType: scoring.SubmissionReceived.aggregate,
      initialState: initialSubmission,
      evolve: evolveSubmission,
      decide: (given, state) => {
        const decision = decideSubmission(typeof given === 'function' ? given(state) : given, state);
        decided = { decision, before: state };
        return eventsOf({ submissionId, ...decision }) as SubmissionEvent[];
      },
    };
    const result = await handleCommand(this.store, decider, stream(submissionId), command, metadata, {
      trx: options.trx,
      alongside: (trx) => recordRows(trx, { submissionId, ...decided!.decision }),
    });
    return { ...decided!, after: result.state, version: result.version };
  }

  /**
   * Decides a chunk's commands on the states their caller read and records them in one statement at
   * those versions (set-based); a lost race on any of them throws ConcurrencyError and writes nothing.
   */
  async decideMany(commands: readonly ChunkCommand[], trx: Db = this.db): Promise<ChunkOutcome[]> {
    const decisions = commands.map(({ command, state }) => decideSubmission(command, state));
    const heads = await recordSteps(
      trx,
      this.store,
      commands.map(({ submissionId, head, metadata }, index) => ({
        submissionId,
        expected: head.version,
        head,
        metadata,
        ...decisions[index]!,
      })),
    );
    return commands.map(({ state }, index) => ({
      decision: decisions[index]!,
      after: afterDecision(state, decisions[index]!),
      head: heads[index]!,
    }));
  }

  /**
   * Receives an admitted submission: a new stream (SubmissionReceived) appended with the caller's rows
   * (the submission's row, its ledger entry, its file) in one statement, in the caller's transaction.
   */
  async receive(
    trx: Db,
    submission: Received,
    metadata: EventMetadata,
    rows: (decision: SubmissionDecision) => RawBuilder<unknown>[],
  ): Promise<SubmissionDecision> {
    const decision = decideSubmission({ type: 'Receive', submission }, initialSubmission);
    await this.store.append(
      scoring.SubmissionReceived.aggregate,
      stream(submission.submissionId),
      'no_stream',
      decision.events,
      metadata,
      { trx, alongside: rows(decision) },
    );
    return decision;
  }
}
