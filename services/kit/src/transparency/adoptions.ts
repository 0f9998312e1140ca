/**
 * Adoption records (decision 0033): the signed, dated, reasoned act of an operator
 * (`npm run transparency:adopt`) that lets a log continue where the start guard (log-start.ts) refuses,
 * kept in `<transparency>/<log>/adoptions`, one signed note per line.
 */
import { hostname, userInfo } from 'node:os';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transparency } from '@sais/events';
import type { LogState } from './checkpoint-log.ts';
import type { CheckpointSigner } from './signer.ts';

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
  let note = await signer.sign(body);
  if (previousSigner) note += (await previousSigner.sign(body)).slice(body.length + 1);
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
