import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { scoring } from '@sais/events';
import { UsageError } from '../api.ts';
import type { Context } from '../output.ts';
import { emit, table } from '../output.ts';

/**
 * `sais writeup list <competition>` (decision 0047): every opened phase's prize places, deadline, seal
 * and the shown write-ups (rank, team, title, id).
 */
export async function listWriteUps(context: Context, competitionId: string) {
  const phases = await context.api.get<scoring.responses.WriteUpPhases>('/api/leaderboard/writeups', {
    competitionId,
  });
  emit(context, phases, () => {
    if (phases.length === 0) return context.t('writeUpsNone');
    return phases
      .map((phase) =>
        [
          context.t('writeUpsPhase', {
            phase: phase.phase,
            places: phase.places,
            deadline: phase.deadline,
            seal: phase.sealDigest,
          }),
          table(
            ['rank', 'team', 'title', 'id'],
            phase.writeUps.map((w) => [w.rank, w.teamName ?? w.teamId, w.title, w.writeUpId]),
          ),
        ].join('\n'),
      )
      .join('\n\n');
  });
}

/**
 * `sais writeup show <id>`: the write-up's facts and its Markdown as written (never rendered here); the
 * body's SHA-256 is recomputed on this machine and compared with the recorded one (exit 1 if they differ).
 */
export async function showWriteUp(context: Context, writeUpId: string) {
  const detail = await context.api.get<scoring.responses.WriteUpDetail>('/api/leaderboard/writeups/one', {
    writeUpId,
  });
  const recomputed = createHash('sha256').update(detail.body).digest('hex');
  const matches = recomputed === detail.bodySha256;
  emit(context, { ...detail, bodySha256Recomputed: recomputed, bodyMatches: matches }, () =>
    [
      `# ${detail.title}`,
      `rank ${detail.rank} · ${detail.teamName ?? detail.teamId} · ${detail.phase} · ${detail.submittedAt}`,
      `seal ${detail.sealDigest}`,
      `body sha256 ${detail.bodySha256} ${matches ? 'PASS' : 'FAIL'}`,
      `event ${detail.eventId} (sais verify: /api/transparency/scoring/proof?eventId=${detail.eventId})`,
      ...detail.files.map((file) => `file ${file.name} ${file.size} B sha256 ${file.sha256}`),
      '',
      detail.body,
    ].join('\n'),
  );
  if (!matches) {
    context.err(context.t('writeUpDigestMismatch'));
    return 1;
  }
}

/**
 * `sais writeup submit <competition> --phase p --title t --body method.md [--file f]...`: the team's
 * write-up (prize places only; the platform says why not). Submitting again replaces it until the deadline.
 */
export async function submitWriteUp(
  context: Context,
  competitionId: string,
  options: { phase: string; title: string; body: string; file?: string[] },
) {
  const body = await readFile(options.body, 'utf8');
  if (body.length > scoring.writeUpLimits.bodyMax)
    throw new UsageError(context.t('writeUpBodyTooLong', { max: scoring.writeUpLimits.bodyMax }));
  const files = options.file ?? [];
  if (files.length > scoring.writeUpLimits.filesMax)
    throw new UsageError(context.t('writeUpTooManyFiles', { max: scoring.writeUpLimits.filesMax }));
  const form = new FormData();
  form.append('competitionId', competitionId);
  form.append('phase', options.phase);
  form.append('title', options.title);
  form.append('body', body);
  for (const path of files) form.append('file', new Blob([await readFile(path)]), basename(path));
  const result = await context.api.post<{
    writeUpId: string;
    rank: number;
    eventId: string;
    bodySha256: string;
  }>('/api/submission/writeup', form);
  emit(context, result, () =>
    context.t('writeUpSubmitted', { id: result.writeUpId, rank: result.rank, event: result.eventId }),
  );
}
