import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { competition } from '@sais/events';
import { SingleBar } from 'cli-progress';
import { NetworkError, UsageError } from '../api.ts';
import type { Context } from '../output.ts';
import { emit, table } from '../output.ts';

/** A file as `/api/race/files` lists it (the route's response schema, `@sais/events`). */
export type CompetitionFile = competition.responses.CompetitionFileView;

const filesOf = (context: Context, competitionId: string) =>
  context.api.get<CompetitionFile[]>('/api/race/files', {
    competitionId,
  } satisfies competition.requests.CompetitionQuery);

/** `sais files list <competition>`. */
export async function listFiles(context: Context, competitionId: string) {
  const files = await filesOf(context, competitionId);
  emit(context, files, () =>
    files.length === 0
      ? context.t('noFiles')
      : table(
          (['id', 'kind', 'size', 'downloadable', 'sha256', 'name'] as const).map(context.f),
          files.map((f) => [
            f.fileId,
            f.kind,
            f.size,
            context.f(f.downloadable ? 'yes' : 'no'),
            f.sha256.slice(0, 12),
            f.name,
          ]),
        ),
  );
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

const sizeOf = async (path: string) => (await stat(path).catch(() => null))?.size ?? null;

/**
 * One file into `dir`: bytes go to `<name>.partial`, continued with `Range: bytes=<have>-` when a partial
 * is there (an earlier run was interrupted), checked against the platform's SHA-256, then renamed.
 */
async function downloadOne(context: Context, file: CompetitionFile, dir: string) {
  const path = join(dir, basename(file.name));
  const partial = `${path}.partial`;
  if ((await sizeOf(path)) === file.size && (await sha256Of(path)) === file.sha256) {
    if (!context.json) context.err(context.t('alreadyThere', { path }));
    return {
      fileId: file.fileId,
      path,
      size: file.size,
      sha256: file.sha256,
      resumedFrom: null,
      skipped: true,
    };
  }
  let have = (await sizeOf(partial)) ?? 0;
  if (have >= file.size) {
    await rm(partial, { force: true });
    have = 0;
  }
  const url = context.api.url('/api/race/download', {
    fileId: file.fileId,
  } satisfies competition.requests.FileQuery);
  let response = await context.api.fetch(url, have > 0 ? { headers: { range: `bytes=${have}-` } } : {});
  if (have > 0 && response.status !== 206) {
    // The platform sent the whole file (or refused the range): start again from the first byte.
    await response.body?.cancel();
    have = 0;
    response = await context.api.fetch(url);
  }
  if (!response.ok) await context.api.envelope(response);
  if (have > 0 && !context.json) context.err(context.t('resumed', { name: file.name, from: have }));
  const expected = response.headers.get('x-content-sha256') ?? file.sha256;
  const bar =
    context.interactive && !context.json
      ? new SingleBar({
          format: `${file.name} [{bar}] {percentage}% {value}/{total} B`,
          stream: process.stderr,
          hideCursor: true,
        })
      : null;
  bar?.start(file.size, have);
  let received = have;
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => bar?.update((received += chunk.length)));
  try {
    await pipeline(body, createWriteStream(partial, { flags: have > 0 ? 'a' : 'w' }));
  } catch (error) {
    bar?.stop();
    throw new NetworkError(`${file.name}: ${(error as Error).message}`);
  }
  bar?.stop();
  const actual = await sha256Of(partial);
  if (actual !== expected || actual !== file.sha256)
    throw new NetworkError(context.t('checksumMismatch', { path, expected }));
  await rename(partial, path);
  if (!context.json) context.err(context.t('downloaded', { path, size: file.size }));
  return {
    fileId: file.fileId,
    path,
    size: file.size,
    sha256: actual,
    resumedFrom: have || null,
    skipped: false,
  };
}

/** `sais files download <competition> [file] [-o dir]`: one file by name or id, else every one I may. */
export async function downloadFiles(
  context: Context,
  competitionId: string,
  which: string | undefined,
  dir: string,
) {
  const files = await filesOf(context, competitionId);
  const chosen = which ? files.filter((f) => f.name === which || f.fileId === which) : files;
  if (which && chosen.length === 0) throw new UsageError(context.t('noSuchFile', { name: which }));
  await mkdir(dir, { recursive: true });
  const saved = [];
  for (const file of chosen) {
    if (!file.downloadable && !which) {
      context.err(context.t('notDownloadable', { name: file.name }));
      continue;
    }
    saved.push(await downloadOne(context, file, dir));
  }
  if (context.json) emit(context, saved, () => '');
}
