/**
 * Whether a platform may sign a log's next checkpoint with the key it holds (decision 0033). It never
 * starts a NEW transparency log over an event store that already holds a history, nor continues a log
 * whose checkpoints another key signed, nor makes a key when the history to protect exists already:
 * someone holding the disk could otherwise rewrite the events, delete the transparency folder (or the
 * key) and let the platform sign the rewrite as if it were the history. Each of these needs an explicit
 * operator's act, `npm run transparency:adopt`, which appends a signed adoption record to the log's
 * folder; `npm run events:verify` prints every adoption, and the platform logs it at start.
 *
 * A log with events and no checkpoint is allowed only while its first event is younger than the grace
 * (10 minutes, or three checkpoint intervals): a new platform stopped before its first checkpoint, as the
 * verifier allows (check-logs.ts), or accounts made with `npm run admin` before the first start (the key
 * is then made at that start). A history rewritten to look that young is its own alarm.
 */
import { join } from 'node:path';
import { type Language, transparency, translateWith } from '@sais/events';
import { sql } from 'kysely';

type Text = Record<Language, string>;
import type { Db } from '../db/database.ts';
import type { CheckpointRecord, LogState } from './checkpoint-log.ts';
import { openLogFiles } from './log-files.ts';
import { type Adoption, readAdoptions } from './adoptions.ts';

/** How long a new log may have events and no checkpoint (the first is signed within a second). */
export const missingGraceMs = 10 * 60_000;

export function graceOf(intervalMs: number | undefined): number {
  return Math.max(missingGraceMs, 3 * (intervalMs ?? 60_000));
}

export async function readLogState(options: {
  log: string;
  origin: string;
  directory: string;
  schema: string;
  db: Db;
  trusted: readonly transparency.VerifierKey[];
}): Promise<LogState> {
  const files = await openLogFiles(options.directory, options.log, { readOnly: true });
  let latest: CheckpointRecord | null;
  try {
    latest = await files.checkpoints.latest();
  } finally {
    await files.close();
  }
  let latestKey: transparency.VerifierKey | null = null;
  if (latest) {
    const check = await transparency.verifyNote(latest.note, options.trusted);
    if (check.ok) latestKey = check.signedBy;
  }
  const first = await sql<{ occurred_at: Date | string }>`
    select occurred_at from ${sql.table(`${options.schema}.events`)} order by global_position limit 1`.execute(
    options.db,
  );
  const at = first.rows[0]?.occurred_at;
  return {
    log: options.log,
    origin: options.origin,
    logDir: join(options.directory, options.log),
    latest,
    latestKey,
    firstEventAt: at === undefined ? null : new Date(at).toISOString(),
  };
}

export type StartVerdict =
  | { kind: 'fresh' } // nothing to protect yet: a new platform (may make its key)
  | { kind: 'continue' } // signed by this key: go on
  | { kind: 'young' } // events, no checkpoint yet, within the grace
  | { kind: 'adopted'; adoption: Adoption }
  | { kind: 'refused'; reason: 'keyMissing' | 'newLogOverEvents' | 'keyChanged'; message: Text };

/** Why an adoption is needed for this state, or null when none is (used by the start and the command). */
export function adoptionNeeded(
  state: LogState,
  key: transparency.VerifierKey | null,
  graceMs: number,
  now = Date.now(),
): 'keyMissing' | 'newLogOverEvents' | 'keyChanged' | null {
  if (!state.latest) {
    // No history, or a young one never checkpointed: a first start (the README has staff accounts made
    // with `npm run admin` before the first `npm start`, so the events come before the key).
    if (!state.firstEventAt || now - Date.parse(state.firstEventAt) <= graceMs) return null;
    return key ? 'newLogOverEvents' : 'keyMissing';
  }
  if (!key) return 'keyMissing';
  return state.latestKey?.text === key.text ? null : 'keyChanged';
}

export async function startVerdict(options: {
  state: LogState;
  key: transparency.VerifierKey | null;
  keyFile: string;
  graceMs: number;
  now?: number;
}): Promise<StartVerdict> {
  const { state, key } = options;
  const needed = adoptionNeeded(state, key, options.graceMs, options.now);
  if (!needed) {
    if (!state.latest) return state.firstEventAt ? { kind: 'young' } : { kind: 'fresh' };
    return { kind: 'continue' };
  }
  if (key && needed !== 'keyMissing') {
    const adoption = (await readAdoptions(state.logDir, [key, ...(state.latestKey ? [state.latestKey] : [])]))
      .filter((a) => a.key === key.text)
      .at(-1);
    if (adoption && adoption.after === (state.latest?.number ?? 0) && adoption.origin === state.origin)
      return { kind: 'adopted', adoption };
  }
  const params = {
    log: state.log,
    directory: state.logDir,
    since: state.firstEventAt ?? '?',
    number: state.latest?.number ?? 0,
    previous: state.latestKey?.text ?? 'a key this folder does not trust',
    current: key?.text ?? '(none)',
    keyFile: options.keyFile,
  };
  const messageKey = {
    keyMissing: 'transparencyKeyMissing',
    newLogOverEvents: 'transparencyNewLogOverEvents',
    keyChanged: 'transparencyKeyChanged',
  } as const;
  return {
    kind: 'refused',
    reason: needed,
    message: {
      en: translateWith(messageKey[needed], 'en', params),
      'zh-CN': translateWith(messageKey[needed], 'zh-CN', params),
    },
  };
}

/** The platform does not start: the message in both languages, and what to do. */
export class TransparencyStartRefused extends Error {
  constructor(
    readonly reason: string,
    readonly text: Text,
  ) {
    super(`${text.en}\n${text['zh-CN']}`);
    this.name = 'TransparencyStartRefused';
  }
}
