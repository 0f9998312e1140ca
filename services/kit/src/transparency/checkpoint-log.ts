/**
 * A log's signed checkpoints, appended to `<log>/checkpoints` outside the database: one JSON string (the
 * signed note) per line, numbered 1, 2, … in order, tree sizes growing. Any process reads it; only the
 * checkpointer holding the log's lock appends. The index of line offsets is read incrementally, so a long
 * log is not read again on every request.
 */
import { transparency } from '@sais/events';
import { type FileHandle, mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';

export type CheckpointRecord = transparency.CheckpointRecord;

interface Entry {
  offset: number;
  length: number;
  treeSize: number;
}

export function recordOf(note: string): CheckpointRecord | null {
  const split = transparency.splitNote(note);
  const checkpoint = split ? transparency.parseCheckpointBody(split.body) : null;
  if (!checkpoint) return null;
  return {
    number: checkpoint.number,
    treeSize: checkpoint.treeSize,
    rootHash: transparency.bytesToBase64(checkpoint.rootHash),
    time: checkpoint.time,
    note,
  };
}

export class CheckpointLog {
  readonly #file: string;
  readonly #readOnly: boolean;
  readonly #entries: Entry[] = [];
  #handle: FileHandle | undefined;
  /** Where the next unread line starts (a line cut short by a crash stays unread). */
  #end = 0;
  /** Reading new lines and appending run one at a time: two reads racing would index a line twice. */
  #turn: Promise<unknown> = Promise.resolve();

  private constructor(file: string, readOnly: boolean) {
    this.#file = file;
    this.#readOnly = readOnly;
  }

  static async open(logDir: string, options: { readOnly?: boolean } = {}): Promise<CheckpointLog> {
    if (!options.readOnly) await mkdir(logDir, { recursive: true, mode: 0o755 });
    return new CheckpointLog(join(logDir, 'checkpoints'), options.readOnly ?? false);
  }

  async #open(): Promise<FileHandle | null> {
    if (this.#handle) return this.#handle;
    try {
      this.#handle = await open(this.#file, this.#readOnly ? 'r' : 'a+');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && this.#readOnly) return null;
      throw error;
    }
    return this.#handle;
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#turn.then(work, work);
    this.#turn = done.catch(() => undefined);
    return done;
  }

  /** Reads the lines appended since the last call (by this process or another). */
  refresh(): Promise<void> {
    return this.#serial(() => this.#refresh());
  }

  async #refresh(): Promise<void> {
    const handle = await this.#open();
    if (!handle) return;
    const { size } = await handle.stat();
    if (size <= this.#end) return;
    const bytes = Buffer.alloc(size - this.#end);
    await handle.read(bytes, 0, bytes.length, this.#end);
    let start = 0;
    for (let newline = bytes.indexOf(10); newline >= 0; newline = bytes.indexOf(10, start)) {
      const line = bytes.subarray(start, newline).toString('utf8');
      const record = recordOf(JSON.parse(line) as string);
      if (!record || record.number !== this.#entries.length + 1)
        throw new Error(`${this.#file}: line ${this.#entries.length + 1} is not the next checkpoint`);
      this.#entries.push({ offset: this.#end + start, length: newline - start, treeSize: record.treeSize });
      start = newline + 1;
    }
    this.#end += start;
  }

  get count(): number {
    return this.#entries.length;
  }

  async #read(entry: Entry | undefined): Promise<CheckpointRecord | null> {
    if (!entry) return null;
    const bytes = Buffer.alloc(entry.length);
    await (await this.#open())!.read(bytes, 0, entry.length, entry.offset);
    return recordOf(JSON.parse(bytes.toString('utf8')) as string);
  }

  async latest(): Promise<CheckpointRecord | null> {
    await this.refresh();
    return this.#read(this.#entries.at(-1));
  }

  async byNumber(number: number): Promise<CheckpointRecord | null> {
    await this.refresh();
    return Number.isSafeInteger(number) && number >= 1 ? this.#read(this.#entries[number - 1]) : null;
  }

  /** The checkpoint of exactly `treeSize` leaves (sizes grow, so a binary search finds it). */
  async bySize(treeSize: number): Promise<CheckpointRecord | null> {
    await this.refresh();
    let low = 0;
    let high = this.#entries.length - 1;
    while (low <= high) {
      const middle = Math.floor((low + high) / 2);
      const size = this.#entries[middle]!.treeSize;
      if (size === treeSize) return this.#read(this.#entries[middle]);
      if (size < treeSize) low = middle + 1;
      else high = middle - 1;
    }
    return null;
  }

  /** The first checkpoint whose tree holds leaf `index` (the smallest tree that proves it). */
  async firstCovering(index: number): Promise<CheckpointRecord | null> {
    await this.refresh();
    let low = 0;
    let high = this.#entries.length;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (this.#entries[middle]!.treeSize > index) high = middle;
      else low = middle + 1;
    }
    return this.#read(this.#entries[low]);
  }

  /** Up to `limit` checkpoints numbered after `after`, in order. */
  async list(after: number, limit: number): Promise<CheckpointRecord[]> {
    await this.refresh();
    const records: CheckpointRecord[] = [];
    for (const entry of this.#entries.slice(Math.max(0, after), Math.max(0, after) + limit)) {
      const record = await this.#read(entry);
      if (record) records.push(record);
    }
    return records;
  }

  /** Cuts a line a crash left half-written, so the next append starts on a line of its own. */
  repair(): Promise<void> {
    return this.#serial(async () => {
      await this.#refresh();
      const handle = (await this.#open())!;
      if ((await handle.stat()).size > this.#end) await handle.truncate(this.#end);
    });
  }

  /** Appends a signed note (its number must be the next one) and waits until it is on disk. */
  append(note: string): Promise<CheckpointRecord> {
    return this.#serial(async () => {
      await this.#refresh();
      const record = recordOf(note);
      if (!record || record.number !== this.#entries.length + 1)
        throw new Error(`checkpoint ${record?.number ?? '?'} is not the next one of ${this.#file}`);
      const line = Buffer.from(`${JSON.stringify(note)}\n`);
      const handle = (await this.#open())!;
      await handle.write(line, 0, line.length, this.#end);
      await handle.datasync();
      await this.#refresh();
      return record;
    });
  }

  async close(): Promise<void> {
    await this.#handle?.close();
    this.#handle = undefined;
  }
}

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
