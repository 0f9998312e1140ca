import { hostname } from 'node:os';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The embedded database (PGlite) is one process's at a time: two processes on one folder corrupt it.
 * `npm start`, the command-line tools and backup/restore take this lock file beside the folder; a lock
 * left by a process that is gone (its pid no longer runs) is taken over.
 */
export class EmbeddedDatabaseInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; host: string },
  ) {
    super(
      `the embedded database in ${dataDir} is in use by process ${holder.pid} on ${holder.host}: ` +
        `stop it first (npm start keeps it while it runs; if that process is gone, delete ${dataDir}.lock)`,
    );
  }
}

/** Locks this process holds, with how many holders each (a tool may lock, then open the database). */
const held = new Map<string, number>();

export async function lockEmbeddedDatabase(dataDir: string): Promise<() => Promise<void>> {
  const file = `${dataDir}.lock`;
  const release = async () => {
    const count = (held.get(file) ?? 1) - 1;
    if (count > 0) return void held.set(file, count);
    held.delete(file);
    await unlink(file).catch(() => undefined);
  };
  if (held.has(file)) {
    held.set(file, held.get(file)! + 1);
    return once(release);
  }
  const mine = { pid: process.pid, host: hostname() };
  await mkdir(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      held.set(file, 1);
      return once(release);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    if (holder && holder.pid !== mine.pid && isRunning(holder.pid))
      throw new EmbeddedDatabaseInUse(dataDir, holder);
    // A lock left by a process that is gone (or by a previous container whose pid we now have).
    await unlink(file).catch(() => undefined);
  }
  throw new Error(`could not lock ${file}`);
}

function once(release: () => Promise<void>): () => Promise<void> {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await release();
  };
}

async function readHolder(file: string): Promise<{ pid: number; host: string } | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { pid?: unknown; host?: unknown };
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host }
      : null;
  } catch {
    return null; // unreadable or half-written: treat as stale
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
