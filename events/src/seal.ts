import { boardOrderSteps } from './board-order.ts';

/**
 * Sealed final results: the canonical text of a private leaderboard (form v1) and its SHA-256 digest.
 * Plain TypeScript with WebCrypto only, so the services, the CLI and both browsers compute the same.
 *
 * Form v1 is JSON without whitespace, keys in exactly this order:
 *   {"competitionId":…,"phase":…,"metric":…,"rows":[{"rank":…,"teamId":…,"score":…},…]}
 * rows in rank order; strings as JSON.stringify writes them; scores as JavaScript's JSON number text.
 * The digest is the lowercase hex SHA-256 of the UTF-8 bytes of that text.
 *
 * Form v2 (decision 0046) is a board with secondary metric columns: the same, with the columns and the
 * order's steps after the metric, and each row's secondary scores (null where the row has none) after
 * its score:
 *   {"competitionId":…,"phase":…,"metric":…,"columns":["mae",…],"order":["score","scores.mae",…,"submittedAt","teamId"],
 *    "rows":[{"rank":…,"teamId":…,"score":…,"scores":[…]},…]}
 * A board without secondary columns is sealed in form v1, byte for byte as before. The "order" is the
 * board's stated steps: with an organiser-chosen order (issue 37) its steps first, so the form is v2 as
 * before and only the steps' order differs; without one, `boardOrderSteps(columns)` as before.
 */
export interface SealRow {
  rank: number;
  teamId: string;
  score: number;
  /** The row's secondary scores by metric (form v2 only); a column the row lacks is null in the text. */
  scores?: Readonly<Record<string, number>> | null;
}

export interface SealInput {
  competitionId: string;
  phase: string;
  metric: string;
  rows: readonly SealRow[];
  /** The secondary metric columns in order (decision 0046): none or absent, form v1; else form v2. */
  columns?: readonly string[];
  /**
   * The board's order (form v2 only): its steps as the page states them (`order.steps`), an organiser's
   * chosen order first (issue 37); absent, `boardOrderSteps(columns)`.
   */
  order?: readonly string[];
}

export const sealAlgorithm = 'sha256';
export const sealForm = 'v1';
export const sealForms = ['v1', 'v2'] as const;
export type SealForm = (typeof sealForms)[number];

/** The form a ranking is sealed in: v2 when it has secondary metric columns, else v1. */
export const sealFormOf = (columns: readonly string[] | undefined): SealForm =>
  columns && columns.length > 0 ? 'v2' : 'v1';

const finite = (value: number, teamId: string) => {
  if (!Number.isFinite(value)) throw new Error(`seal: score of ${teamId} is not a finite number`);
  return JSON.stringify(value);
};

/** The canonical text (v1, or v2 with columns) of a ranking (rows sorted by rank; ties of rank keep their order). */
export function sealCanonicalForm({
  competitionId,
  phase,
  metric,
  rows,
  columns = [],
  order = boardOrderSteps(columns.map((metric) => ({ metric }))),
}: SealInput): string {
  const v2 = sealFormOf(columns) === 'v2';
  const ordered = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.rank - b.row.rank || a.index - b.index)
    .map(({ row }) => {
      const head = `{"rank":${JSON.stringify(row.rank)},"teamId":${JSON.stringify(row.teamId)},"score":${finite(row.score, row.teamId)}`;
      if (!v2) return `${head}}`;
      const scores = columns.map((column) => {
        const value = row.scores?.[column];
        return value === undefined || value === null ? 'null' : finite(value, row.teamId);
      });
      return `${head},"scores":[${scores.join(',')}]}`;
    });
  const head = v2 ? `"columns":${JSON.stringify(columns)},"order":${JSON.stringify(order)},` : '';
  return (
    `{"competitionId":${JSON.stringify(competitionId)},"phase":${JSON.stringify(phase)},` +
    `"metric":${JSON.stringify(metric)},${head}"rows":[${ordered.join(',')}]}`
  );
}

/** Lowercase hex SHA-256 of the text's UTF-8 bytes (WebCrypto: Node 24 and every browser). */
export async function sealDigest(text: string): Promise<string> {
  const bytes = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One page of `GET /api/leaderboard/private` (the envelope's data), as far as a recomputation needs it. */
export interface PublishedPage {
  phase: string | null;
  total: number;
  records: {
    rank: number;
    teamId: string;
    score: number;
    metric: string;
    scores?: Record<string, number> | null;
  }[];
  /** The secondary metric columns (decision 0046); absent on a board without them. */
  columns?: { metric: string }[];
  /** The board's stated order (its steps digested in form v2: an organiser's chosen order, issue 37). */
  order?: { steps: readonly string[] };
  seal: { digest: string; algorithm: string; form: string; sealedAt: string } | null;
}

export interface SealCheck {
  phase: string | null;
  rows: number;
  /** The digest recomputed from the published ranking. */
  digest: string | null;
  /** The seal recorded before the reveal, as the server shows it. */
  seal: PublishedPage['seal'];
  match: boolean;
}

/**
 * Recomputes the digest of a published private leaderboard from its pages (`page` 1, 2, … of at most
 * 100 rows) and compares it with the seal: what `npm run seal:verify` and the console's seal page do.
 */
export async function recomputePublishedSeal(
  competitionId: string,
  page: (n: number) => Promise<PublishedPage>,
): Promise<SealCheck> {
  const first = await page(1);
  const records = [...first.records];
  for (let n = 2; records.length < first.total; n++) {
    const next = await page(n);
    if (next.records.length === 0) break;
    records.push(...next.records);
  }
  if (!first.phase || records.length === 0)
    return { phase: first.phase, rows: 0, digest: null, seal: first.seal, match: false };
  const columns = (first.columns ?? []).map((column) => column.metric);
  const digest = await sealDigest(
    sealCanonicalForm({
      competitionId,
      phase: first.phase,
      metric: records[0]!.metric,
      rows: records,
      columns,
      ...(first.order ? { order: first.order.steps } : {}),
    }),
  );
  return {
    phase: first.phase,
    rows: records.length,
    digest,
    seal: first.seal,
    match:
      first.seal !== null &&
      first.seal.algorithm === sealAlgorithm &&
      first.seal.form === sealFormOf(columns) &&
      first.seal.digest === digest,
  };
}
