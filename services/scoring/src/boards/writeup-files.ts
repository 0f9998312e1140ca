/**
 * Write-up files on disk (decision 0047), kept by id: writing a submission's files, removing a write-up's
 * files, and the hourly sweep of files no
 * team's latest write-up names (what a crash left between writing a submission's files and recording it,
 * or between recording a replacement and removing the replaced files).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';

/** A write-up's files as a row or an event's jsonb gives them (a string from some drivers). */
export const filesOf = (value: unknown): scoring.WriteUpFile[] =>
  (typeof value === 'string' ? JSON.parse(value) : value) as scoring.WriteUpFile[];

/** Writes a submission's files (each `.part`, then renamed to its id) and answers them as the event names them. */
export async function keepFiles(
  directory: string,
  files: readonly { name: string; bytes: Buffer }[],
): Promise<scoring.WriteUpFile[]> {
  const kept: scoring.WriteUpFile[] = [];
  await mkdir(directory, { recursive: true });
  for (const file of files) {
    const fileId = randomUUID();
    const temporary = join(directory, `${fileId}.part`);
    await writeFile(temporary, file.bytes);
    await rename(temporary, join(directory, fileId));
    kept.push({
      fileId,
      name: file.name,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
    });
  }
  return kept;
}

/** Removes write-up files by id (one already gone is fine). */
export async function removeFiles(directory: string, files: readonly { fileId: string }[]) {
  await Promise.all(files.map((file) => rm(join(directory, file.fileId), { force: true })));
}

/**
 * Removes the write-up files no team's latest write-up names (from the events, so a read model being rebuilt
 * cannot make a shown file look unused), once older than `graceMs`: a submission's files are written
 * before its event, so a younger file may be one about to be recorded. What a crash left between writing
 * and recording, or between recording and removing the replaced files. Answers how many it removed.
 */
export async function sweepWriteUpFiles(db: Db, directory: string, graceMs = 3_600_000, now = Date.now()) {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  if (names.length === 0) return 0;
  // Each team's latest write-up per phase (the events in order; hidden ones keep their files).
  const submitted = await sql<{ key: string; files: unknown }>`
    select concat_ws('/', data->>'competitionId', data->>'phase', data->>'teamId') as key, data->'files' as files
    from scoring.events where type = ${scoring.WriteUpSubmitted.type}
    order by transaction_id, global_position`.execute(db);
  const latest = new Map<string, scoring.WriteUpFile[]>();
  for (const row of submitted.rows) latest.set(row.key, filesOf(row.files));
  const shown = new Set([...latest.values()].flat().map((file) => file.fileId));
  let removed = 0;
  for (const name of names) {
    if (shown.has(name)) continue;
    const info = await stat(join(directory, name)).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < graceMs) continue;
    await rm(join(directory, name), { force: true });
    removed++;
  }
  return removed;
}
