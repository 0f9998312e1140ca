import { parse } from 'csv-parse/sync';
import type { Readable } from 'node:stream';

/** Rows a preview shows below the header, and the bytes read to find them. */
export const previewRows = 5;
const previewBytes = 64 * 1024;

export interface FilePreview {
  header: string[];
  rows: string[][];
}

/** The start of a file, at most `previewBytes` (its bytes beyond are never read). */
export function previewRange(size: number): { start: number; end: number } | null {
  return size === 0 ? null : { start: 0, end: Math.min(size, previewBytes) - 1 };
}

/**
 * The header and first rows of a CSV file from its first bytes (csv-parse; quoted fields, a row cut
 * by the byte limit left out); null for a file that is not CSV or does not parse.
 */
export async function csvPreview(start: Readable): Promise<FilePreview | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of start) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  // Whole lines only: the last one may be cut by the byte limit.
  const lines = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  try {
    const records = parse(lines, { to_line: previewRows + 1, relax_column_count: true }) as string[][];
    const [header, ...rows] = records;
    return header ? { header, rows } : null;
  } catch {
    return null;
  }
}
