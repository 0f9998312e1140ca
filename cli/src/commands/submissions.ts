import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { type competition, scoring } from '@sais/events';
import { UsageError } from '../api.ts';
import { uploadResumable } from './resumable.ts';
import { resolveCompetition } from './competitions.ts';
import type { Context } from '../output.ts';
import { emit, fieldLines, table } from '../output.ts';

/** The platform's answers, typed by the routes' own response schemas (`@sais/events`). */
export type Submission = scoring.responses.MySubmission;
type Received = scoring.responses.SubmissionReceived;

/** The log as a reader reads it: the platform's rendering in the asked language (older platforms: `log`). */
const logOf = (s: Submission) => (s.logText === undefined ? s.log : s.logText);

/** Result files up to this size go as multipart; above it the platform wants tus (decision 0009). */
export const maxMultipartBytes = scoring.resultFileLimits.multipartBytes;
/** The largest result file the platform takes at all (over tus). */
export const maxResumableBytes = scoring.resultFileLimits.resumableBytes;
const ended = (status: Submission['status']) =>
  status === 'Completed' || status === 'Invalid' || status === 'Failed';

const mine = (context: Context, competitionId: string) =>
  context.api.get<Submission[]>('/api/submission/mine', {
    competitionId,
  } satisfies scoring.requests.CompetitionQuery);

/** `sais submit <competition> -f file.csv [-m message] [--wait]`. */
export async function submit(
  context: Context,
  competitionId: string,
  options: {
    file: string;
    message?: string;
    wait?: boolean;
    resumable?: boolean;
    timeout: number;
    interval: number;
  },
) {
  // The platform trims it and refuses more than 500 characters (its message, in the asked language).
  const description = options.message?.trim() || undefined;
  const size = await stat(options.file).then(
    (s) => s.size,
    (error: Error) => {
      throw new UsageError(context.t('fileMissing', { path: options.file, reason: error.message }));
    },
  );
  if (size > maxResumableBytes) throw new UsageError(context.t('tooLarge', { path: options.file }));
  const bytes = await readFile(options.file);
  let received: Received;
  if (options.resumable || size > maxMultipartBytes) {
    received = await uploadResumable(context, competitionId, bytes, basename(options.file), description);
  } else {
    const form = new FormData();
    // The competition before the file: the platform refuses a caller who may not submit before reading it.
    form.append('competitionId', competitionId);
    if (description) form.append('description', description);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), basename(options.file));
    received = await context.api.post<Received>('/api/submission/upload', form);
  }
  if (!context.json)
    context.out(
      context.t('submitted', {
        file: basename(options.file),
        id: received.submissionId,
        status: received.status,
        remaining: received.remaining,
      }),
    );
  if (!options.wait) {
    if (context.json) emit(context, received, () => '');
    return 0;
  }
  if (!context.json) context.err(context.t('waiting'));
  const deadline = Date.now() + options.timeout * 1000;
  for (;;) {
    const found = (await mine(context, competitionId)).find((s) => s.submissionId === received.submissionId);
    if (found && ended(found.status)) {
      emit(context, found, () =>
        found.status === 'Completed'
          ? found.scoreHidden === 'blind'
            ? context.t('scoredBlind')
            : found.scoreHidden === 'ladder'
              ? context.t('scoredLadder')
              : context.t('scored', { score: String(found.score) })
          : context.t('ended', { status: found.status, log: logOf(found) ?? context.t('noLog') }),
      );
      return found.status === 'Completed' ? 0 : 1;
    }
    if (Date.now() > deadline) {
      const status = found?.status ?? received.status;
      if (context.json) emit(context, found ?? received, () => '');
      else
        context.err(
          context.t('waitTimedOut', { status, seconds: options.timeout, id: received.submissionId }),
        );
      return 1;
    }
    await new Promise((resolve) => setTimeout(resolve, options.interval * 1000));
  }
}

/** `sais submissions <competition>`. */
const csvField = (value: unknown) => {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** `sais submissions <competition> --csv`: one line a submission, the private score once published. */
export const submissionsCsvHeader = [
  'submissionId',
  'submittedAt',
  'phase',
  'status',
  'publicScore',
  'privateScore',
  'fileName',
  'description',
  'smoke',
];

/** One submission's fields in the order of both the table and the CSV; `message` shapes the description. */
function submissionRow(s: Submission, message: (description: string | null) => string | null = (d) => d) {
  return [
    s.submissionId,
    s.submittedAt,
    s.phase,
    s.status,
    s.score,
    s.privateScore ?? null,
    s.fileName,
    message(s.description ?? null),
  ];
}

/** The secondary metrics (decision 0046) any of the submissions has, in the order they come. */
function secondaryMetrics(list: Submission[]): string[] {
  const metrics: string[] = [];
  for (const s of list)
    for (const entry of s.scores ?? []) if (!metrics.includes(entry.metric)) metrics.push(entry.metric);
  return metrics;
}

/** A submission's public and private score for each of `metrics` (null where it has none or is hidden). */
function secondaryCells(s: Submission, metrics: readonly string[]): (number | null)[] {
  return metrics.flatMap((metric) => {
    const entry = s.scores?.find((one) => one.metric === metric);
    return [entry?.score ?? null, entry?.privateScore ?? null];
  });
}

/**
 * The CSV: with secondary metrics, `score:<metric>` and `privateScore:<metric>` columns after `smoke`, one
 * pair per metric (the header of before without them).
 */
export function submissionsCsv(list: Submission[]): string {
  const metrics = secondaryMetrics(list);
  const header = [
    ...submissionsCsvHeader,
    ...metrics.flatMap((metric) => [`score:${metric}`, `privateScore:${metric}`]),
  ];
  const lines = list.map((s) =>
    [...submissionRow(s), s.smoke === true, ...secondaryCells(s, metrics)].map(csvField).join(','),
  );
  return [header.join(','), ...lines].join('\n');
}

/** `sais cancel <submission>`: withdraw a submission still waiting (its allowance is given back). */
export async function cancelSubmission(context: Context, submissionId: string) {
  const answer = await context.api.post<{ submissionId: string; status: string }>('/api/submission/cancel', {
    submissionId,
  } satisfies scoring.requests.CancelSubmission);
  emit(context, answer, () => context.t('cancelled', { id: submissionId }));
}

/** `sais sample <competition> [-o path]`: the sample submission (every test id, a placeholder value). */
export async function downloadSample(context: Context, competitionId: string, output: string | undefined) {
  const response = await context.api.fetch(
    context.api.url('/api/submission/sample', { competitionId } satisfies scoring.requests.CompetitionQuery),
  );
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/csv'))
    await context.api.envelope(response);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!output) {
    process.stdout.write(bytes);
    return;
  }
  await writeFile(output, bytes);
  emit(context, { path: output, bytes: bytes.length }, () =>
    context.t('sampleSaved', { path: output, bytes: bytes.length }),
  );
}

export async function listSubmissions(
  context: Context,
  competitionId: string,
  options: { csv?: boolean } = {},
) {
  const list = await mine(context, competitionId);
  if (options.csv) {
    context.out(submissionsCsv(list));
    return;
  }
  const metrics = secondaryMetrics(list);
  emit(context, list, () =>
    list.length === 0
      ? context.t('noSubmissions')
      : table(
          [
            ...(
              ['id', 'submitted', 'phase', 'status', 'score', 'privateScore', 'file', 'message'] as const
            ).map(context.f),
            // Each secondary metric's public and private score (decision 0046), after the message.
            ...metrics.flatMap((metric) => [metric, `${metric} (${context.f('privateScore')})`]),
          ],
          // One line a row: a message's line breaks shown as spaces (`--json` keeps it as sent).
          list.map((s) => {
            const row = submissionRow(s, (d) => d?.replace(/\s+/g, ' ') ?? null);
            // A smoke run (decision 0049) is marked in its status: never scored, never ranked.
            if (s.smoke) row[3] = context.t('smokeStatus', { status: s.status });
            return [...row, ...secondaryCells(s, metrics)];
          }),
        ),
  );
}

/**
 * `sais submission <id> [--log] [--file -o path]`: found among the submissions of my competitions (the
 * platform lists them per competition), with `--competition` to look in one only.
 */
export async function showSubmission(
  context: Context,
  submissionId: string,
  options: { competition?: string; log?: boolean; file?: boolean; output?: string },
) {
  const competitions = options.competition
    ? [await resolveCompetition(context, options.competition)]
    : (
        await context.api.get<competition.responses.MyCompetitionPage>('/api/race/userRaceList', {
          page: 1,
          pageSize: 100,
        } satisfies competition.requests.Paging)
      ).records.map((r) => r.competitionId);
  let found: (Submission & { competitionId: string }) | undefined;
  for (const competitionId of competitions) {
    const hit = (await mine(context, competitionId)).find((s) => s.submissionId === submissionId);
    if (hit) {
      found = { ...hit, competitionId };
      break;
    }
  }
  if (!found) throw new UsageError(context.t('noSuchSubmission', { id: submissionId }));
  if (options.file) {
    const response = await context.api.fetch(
      context.api.url('/api/submission/file', {
        submissionId,
      } satisfies scoring.requests.SubmissionQuery),
    );
    if (!response.ok) await context.api.envelope(response);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (options.output) await writeFile(options.output, bytes);
    else process.stdout.write(bytes);
    return;
  }
  const s = found;
  const log = logOf(s);
  emit(context, s, () =>
    options.log
      ? (log ?? context.t('noLog'))
      : [
          ...fieldLines(context, [
            ['id', s.submissionId],
            ['competition', s.competitionId],
            ['phase', s.phase],
            ['file', s.fileName],
            ...(s.description ? [['message', s.description] as ['message', string]] : []),
            ['submitted', s.submittedAt],
            ['status', s.status],
            ...(s.smoke ? [['smoke', context.t('smokeNote')] as ['smoke', string]] : []),
            ...(queueText(context, s) ? [['queue', queueText(context, s)!] as ['queue', string]] : []),
            ['score', s.score],
            ...(log ? [['log', log] as ['log', string]] : []),
          ]),
        ].join('\n'),
  );
}

/** Where an unfinished submission stands in its queue (files' or the fair queue of container runs). */
function queueText(context: Context, s: Submission): string | null {
  const queue = s.queue;
  if (!queue || (s.status !== 'Waiting' && s.status !== 'Evaluating')) return null;
  const where =
    queue.place === 0
      ? context.t('queueRunning')
      : context.t('queuePlace', { place: queue.place, ahead: queue.ahead });
  const when =
    queue.estimatedFinish === null
      ? context.t('queueNoEstimate')
      : queue.place === 0 || queue.estimatedStart === null
        ? context.t('queueFinish', { finish: queue.estimatedFinish })
        : context.t('queueEstimate', {
            start: queue.estimatedStart,
            finish: queue.estimatedFinish,
            basedOn: queue.basedOn,
          });
  return `${where}; ${when}`;
}

/** `sais quota <competition>`. */
export async function quota(context: Context, competitionId: string) {
  const q = await context.api.get<scoring.responses.RemainingSubmissions>('/api/submission/remaining', {
    competitionId,
  } satisfies scoring.requests.CompetitionQuery);
  emit(context, q, () =>
    [
      context.t('quota', {
        remaining: q.remaining,
        limit: q.limit,
        day: q.day,
        timeZone: q.timeZone,
        used: q.used,
      }),
      ...(q.smokeRuns?.available
        ? [
            context.t('smokeQuota', {
              remaining: q.smokeRuns.remaining,
              limit: q.smokeRuns.limit,
              file: q.smokeRuns.file ?? '',
            }),
          ]
        : []),
    ].join('\n'),
  );
}

/** `sais final-select <competition> <submission…>` (none: back to the default, the 2 best public). */
export async function finalSelect(
  context: Context,
  competitionId: string,
  submissionIds: string[],
  phase?: string,
) {
  const result = await context.api.post<scoring.responses.FinalSelection | null>(
    '/api/submission/selectFinal',
    {
      competitionId,
      submissionIds,
      ...(phase ? { phase } : {}),
    } satisfies scoring.requests.SelectFinal,
  );
  emit(context, result, () => context.t('finalSelected'));
}
