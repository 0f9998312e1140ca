/**
 * Witness cosignatures of a log's checkpoints (c2sp.org/tlog-cosignature; decision 0033), kept beside the
 * checkpoints in `<log>/cosignatures`: one JSON line `{"number": n, "line": "— <witness> <base64>"}` per
 * accepted cosignature, appended by whichever process took it and read by every process. The witnesses
 * whose cosignatures count are the operator's list: `<transparency>/witnesses` (one witness key a line)
 * and `SAIS_WITNESS_KEYS` (keys separated by spaces, commas or newlines), read at start.
 */
import { type FileHandle, appendFile, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transparency } from '@sais/events';
import type { CheckpointLog } from './checkpoint-log.ts';

export const cosignaturesFileName = 'cosignatures';
export const witnessesFileName = 'witnesses';

/** The witness keys the operator listed (file and environment); a malformed key is an error. */
export async function configuredWitnesses(
  directory: string,
  env: NodeJS.ProcessEnv,
): Promise<transparency.WitnessKey[]> {
  const fromFile = await readFile(join(directory, witnessesFileName), 'utf8').catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    },
  );
  const texts = [
    ...fromFile.split('\n').map((line) => line.replace(/#.*/, '').trim()),
    ...(env.SAIS_WITNESS_KEYS ?? '').split(/[\s,]+/),
  ].filter(Boolean);
  const keys: transparency.WitnessKey[] = [];
  for (const text of texts) {
    const key = await transparency.parseWitnessKey(text).catch((error: Error) => {
      throw new Error(
        `witness key "${text}" (${join(directory, witnessesFileName)} or SAIS_WITNESS_KEYS): ${error.message}`,
      );
    });
    if (keys.some((k) => k.name === key.name && k.text !== key.text))
      throw new Error(`two witness keys are named ${key.name}: a witness has one key`);
    if (!keys.some((k) => k.text === key.text)) keys.push(key);
  }
  return keys;
}

export class CosignatureLog {
  readonly #file: string;
  readonly #byNumber = new Map<number, string[]>();
  #handle: FileHandle | undefined;
  #end = 0;
  #turn: Promise<unknown> = Promise.resolve();

  constructor(logDir: string) {
    this.#file = join(logDir, cosignaturesFileName);
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#turn.then(work, work);
    this.#turn = done.catch(() => undefined);
    return done;
  }

  async #refresh(): Promise<void> {
    if (!this.#handle) {
      try {
        this.#handle = await open(this.#file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
    }
    const { size } = await this.#handle.stat();
    if (size <= this.#end) return;
    const bytes = Buffer.alloc(size - this.#end);
    await this.#handle.read(bytes, 0, bytes.length, this.#end);
    let start = 0;
    for (let newline = bytes.indexOf(10); newline >= 0; newline = bytes.indexOf(10, start)) {
      const { number, line } = JSON.parse(bytes.subarray(start, newline).toString('utf8')) as {
        number: number;
        line: string;
      };
      const lines = this.#byNumber.get(number) ?? [];
      // Two processes may take the same witness's line at once: each witness counts once.
      const name = transparency.parseCosignatureLine(line)?.name;
      if (!lines.some((held) => transparency.parseCosignatureLine(held)?.name === name)) lines.push(line);
      this.#byNumber.set(number, lines);
      start = newline + 1;
    }
    this.#end += start;
  }

  /** The cosignature lines of checkpoint `number` (each witness once). */
  of(number: number): Promise<string[]> {
    return this.#serial(async () => {
      await this.#refresh();
      return [...(this.#byNumber.get(number) ?? [])];
    });
  }

  /** The checkpoint numbers that have cosignatures, newest first. */
  numbers(): Promise<number[]> {
    return this.#serial(async () => {
      await this.#refresh();
      return [...this.#byNumber.keys()].sort((a, b) => b - a);
    });
  }

  /** Adds a checked line; false when this witness already cosigned the checkpoint. */
  add(number: number, line: string): Promise<boolean> {
    return this.#serial(async () => {
      await this.#refresh();
      const name = transparency.parseCosignatureLine(line)?.name;
      const lines = this.#byNumber.get(number) ?? [];
      if (lines.some((held) => transparency.parseCosignatureLine(held)?.name === name)) return false;
      // One small write in append mode: lines of several processes do not mix.
      await appendFile(this.#file, `${JSON.stringify({ number, line })}\n`, { mode: 0o644, flush: true });
      await this.#refresh();
      return true;
    });
  }

  async close(): Promise<void> {
    await this.#handle?.close();
    this.#handle = undefined;
  }
}

/**
 * Which of the `witnesses` cosigned which checkpoint of a log, newest first: for each witness the newest
 * checkpoint it cosigned with a valid cosignature (lines that fail are returned apart).
 */
export async function witnessedCheckpoints(
  files: { cosignatures: CosignatureLog; checkpoints: CheckpointLog },
  witnesses: readonly transparency.WitnessKey[],
): Promise<{ seen: Map<string, number>; invalid: { number: number; line: string }[] }> {
  const seen = new Map<string, number>();
  const invalid: { number: number; line: string }[] = [];
  for (const number of await files.cosignatures.numbers()) {
    if (seen.size === witnesses.length) break;
    const record = await files.checkpoints.byNumber(number);
    if (!record) continue;
    const body = transparency.splitNote(record.note)!.body;
    const { witnesses: by, invalid: bad } = await transparency.cosignedBy(
      body,
      await files.cosignatures.of(number),
      witnesses,
    );
    for (const key of by) if (!seen.has(key.text)) seen.set(key.text, number);
    for (const line of bad) invalid.push({ number, line });
  }
  return { seen, invalid };
}
