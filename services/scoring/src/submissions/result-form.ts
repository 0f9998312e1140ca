import { ValidationError } from '@sais/kit/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HeaderCheck, LineGuard } from '../evaluation/line-guard.ts';
import { scoringErrors } from '../errors.ts';

const fileTooLarge = () => scoringErrors.fileTooLarge();

/**
 * Reads a multipart form of text fields and one CSV file. `beforeFile` sees the fields sent before the
 * file and may refuse (who and what: sign-up, open phase, allowance) before a byte of the file is read;
 * the file is then read as a stream, at most `maxBytes`, its lines checked by `LineGuard` and its header
 * by `HeaderCheck` (when `beforeFile` names the target column) as they arrive.
 */
export async function readResultForm(
  request: FastifyRequest,
  {
    maxBytes,
    beforeFile,
  }: {
    maxBytes: number;
    /** May answer the ground truth's target column: the header is then checked as it streams. */
    beforeFile?(fields: Record<string, string>): Promise<{ target?: string | null } | void>;
  },
): Promise<{ fields: Record<string, string>; file: { name: string; bytes: Buffer } }> {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({
      // 8 KiB a field: a submission's message (500 characters) is up to 2 000 bytes of UTF-8.
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 8192 },
    })) {
      if (part.type === 'field') {
        // A field cut at the limit is refused, never used cut.
        if (part.valueTruncated)
          throw new ValidationError('invalidRequest', {
            data: { field: part.fieldname, reason: 'too long' },
          });
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const guard = new LineGuard();
      const chunks: Buffer[] = [];
      try {
        const target = (await beforeFile?.(fields))?.target;
        const header = target ? new HeaderCheck(target) : null;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          header?.push(chunk);
          guard.push(chunk);
          chunks.push(chunk);
        }
        if (!part.file.truncated) header?.end();
      } catch (error) {
        // Stop reading: the rest of the body is not kept (nor parsed).
        part.file.destroy();
        throw error;
      }
      if (part.file.truncated) throw fileTooLarge();
      file = { name: part.filename, bytes: Buffer.concat(chunks) };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw error;
  }
  if (!file) throw scoringErrors.fileRequired();
  return { fields, file };
}

/** The form's competition id, which must come before the file (so it is checked before the file is read). */
export function competitionIdOf(fields: Record<string, string>): string {
  const id = z.uuid().safeParse(fields.competitionId);
  if (!id.success)
    throw new ValidationError('invalidRequest', {
      data: { field: 'competitionId', reason: 'send competitionId, before the file' },
    });
  return id.data;
}
