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
 * verifier allows (check-logs.ts). A history rewritten to look that young is its own alarm.
 */
import { hostname, userInfo } from 'node:os';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Language, transparency, translateWith } from '@sais/events';
import { sql } from 'kysely';

type Text = Record<Language, string>;
import type { Db } from '../db/database.ts';
import type { CheckpointRecord } from './checkpoint-log.ts';
import { openLogFiles } from './log-files.ts';
import type { CheckpointSigner } from './signer.ts';

/** How long a new log may have events and no checkpoint (the first is signed within a second). */
export const missingGraceMs = 10 * 60_000;

export function graceOf(intervalMs: number | undefined): number {
  return Math.max(missingGraceMs, 3 * (intervalMs ?? 60_000));
}

export const adoptionsFileName = 'adoptions';

/** A signed adoption record: the log continues, under `key`, after checkpoint `after` (0: a new log). */
export interface Adoption {
  origin: string;
  after: number;
  events: number;
  key: string;
  /** The key that signed checkpoint `after` (`none` for a new log or when it is not known). */
  previous: string;
  time: string;
  by: string;
  reason: string;
  /** Also signed by the key of checkpoint `after` (an endorsed key rotation). */
  endorsed: boolean;
  note: string;
}

export function adoptionBody(a: Omit<Adoption, 'note' | 'endorsed'>): string {
  return (
    `${a.origin} adoption\nafter ${a.after}\nevents ${a.events}\nkey ${a.key}\nprevious ${a.previous}\n` +
    `time ${a.time}\nby ${a.by}\nreason ${a.reason}\n`
  );
}

const fields = ['after', 'events', 'key', 'previous', 'time', 'by', 'reason'] as const;

function parseAdoptionBody(body: string): Omit<Adoption, 'note' | 'endorsed'> | null {
  const lines = body.split('\n');
  if (lines.length !== 9 || lines[8] !== '' || !lines[0]!.endsWith(' adoption')) return null;
  const values: Record<string, string> = {};
  for (const [i, name] of fields.entries()) {
    const line = lines[i + 1]!;
    if (!line.startsWith(`${name} `)) return null;
    values[name] = line.slice(name.length + 1);
  }
  const after = Number(values.after);
  const events = Number(values.events);
  if (!Number.isSafeInteger(after) || after < 0 || !Number.isSafeInteger(events)) return null;
  return {
    origin: lines[0]!.slice(0, -' adoption'.length),
    after,
    events,
    key: values.key!,
    previous: values.previous!,
    time: values.time!,
    by: values.by!,
    reason: values.reason!,
  };
}

/** The adoption records of a log folder that verify under `keys`, oldest first. */
export async function readAdoptions(
  logDir: string,
  keys: readonly transparency.VerifierKey[],
): Promise<Adoption[]> {
  let text: string;
  try {
    text = await readFile(join(logDir, adoptionsFileName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const adoptions: Adoption[] = [];
  for (const line of text.split('\n').filter(Boolean)) {
    const note = JSON.parse(line) as string;
    const body = transparency.splitNote(note)?.body;
    const parsed = body ? parseAdoptionBody(body) : null;
    if (!parsed) continue;
    const key = keys.find((k) => k.text === parsed.key);
    if (!key || !(await transparency.verifyNote(note, [key])).ok) continue;
    const previous = keys.find((k) => k.text === parsed.previous);
    const endorsed = previous ? await signedBy(note, previous) : false;
    adoptions.push({ ...parsed, endorsed, note });
  }
  return adoptions;
}

async function signedBy(note: string, key: transparency.VerifierKey): Promise<boolean> {
  const split = transparency.splitNote(note);
  if (!split) return false;
  // verifyNote accepts any one good signature of the given keys: check the one line of this key alone.
  const line = split.signatures.findIndex((s) => s.name === key.name && equal(s.keyId, key.keyId));
  if (line < 0) return false;
  const lines = note.split('\n');
  const bodyLines = split.body.split('\n').length - 1;
  const only = `${split.body}\n${lines[bodyLines + 1 + line]}\n`;
  return (await transparency.verifyNote(only, [key])).ok;
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** What a log's folder and event store hold at start: enough to decide whether signing may go on. */
export interface LogState {
  log: string;
  origin: string;
  logDir: string;
  latest: CheckpointRecord | null;
  /** The key that signed the latest checkpoint, when it is one the folder trusts. */
  latestKey: transparency.VerifierKey | null;
  /** The first event (by position) and its time; null when the store has none. */
  firstEventAt: string | null;
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
    if (!state.firstEventAt) return null;
    if (!key) return 'keyMissing';
    return now - Date.parse(state.firstEventAt) > graceMs ? 'newLogOverEvents' : null;
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

/** Who runs a command, as an adoption records it. */
export function operatorName(): string {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // no passwd entry (a container's arbitrary user id)
  }
  return `${user}@${hostname()}`;
}

/**
 * Appends an adoption record for a log, signed with the platform's key and, when given, the key of its
 * latest checkpoint (an endorsed rotation). The reason is one line of text.
 */
export async function appendAdoption(options: {
  state: LogState;
  signer: CheckpointSigner;
  previousSigner?: CheckpointSigner;
  events: number;
  reason: string;
  by?: string;
  now?: Date;
}): Promise<Adoption> {
  const { state, signer, previousSigner } = options;
  const reason = options.reason.replace(/\s+/g, ' ').trim();
  if (!reason || reason.length > 500 || /\p{Cc}/u.test(reason))
    throw new Error('--reason must say why, in one line of at most 500 characters');
  if (previousSigner && state.latestKey && previousSigner.key.text !== state.latestKey.text)
    throw new Error(
      `--old-key is ${previousSigner.key.text}, but checkpoint #${state.latest?.number} of ${state.log} is signed by ${state.latestKey.text}`,
    );
  const fields = {
    origin: state.origin,
    after: state.latest?.number ?? 0,
    events: options.events,
    key: signer.key.text,
    previous: previousSigner?.key.text ?? state.latestKey?.text ?? 'none',
    time: (options.now ?? new Date()).toISOString(),
    by: (options.by ?? operatorName()).replace(/\s+/g, '_'),
    reason,
  };
  const body = adoptionBody(fields);
  let note = signer.sign(body);
  if (previousSigner) note += previousSigner.sign(body).slice(body.length + 1);
  await appendFile(join(state.logDir, adoptionsFileName), `${JSON.stringify(note)}\n`, { mode: 0o644 });
  return { ...fields, endorsed: Boolean(previousSigner), note };
}

/** One line for people: what an adoption did. */
export function describeAdoption(log: string, adoption: Adoption): string {
  const what =
    adoption.after === 0
      ? `a NEW LOG started over ${adoption.events} existing events: the history before its checkpoint #1 is proven by no earlier checkpoint of this folder (compare with a mirror)`
      : adoption.endorsed
        ? `key changed after checkpoint #${adoption.after} to ${adoption.key}, endorsed by the old key ${adoption.previous}`
        : `key changed after checkpoint #${adoption.after} to ${adoption.key} WITHOUT the old key's endorsement (${adoption.previous})`;
  return `${log}: ADOPTED on ${adoption.time} by ${adoption.by} (${adoption.reason}): ${what}`;
}
