import type { competition } from '@sais/events';
import type { Context } from '../output.ts';
import { emit, fieldLines, localized, table } from '../output.ts';

/** The platform's answers, typed by the routes' own response schemas (`@sais/events`). */
type Competition = competition.responses.CompetitionView;
type CompetitionPage = competition.responses.CompetitionPage;
type CompetitionDetail = competition.responses.CompetitionDetail;

/** `sais competitions list [--status --type --season]`: every page of `/api/race/list`. */
export async function listCompetitions(
  context: Context,
  filters: { status?: string; type?: string; season?: string },
) {
  const records: Competition[] = [];
  for (let page = 1; ; page++) {
    const answer = await context.api.get<CompetitionPage>('/api/race/list', {
      ...filters,
      page,
      pageSize: 50,
    });
    records.push(...answer.records);
    if (records.length >= answer.total || answer.records.length === 0) break;
  }
  emit(context, records, () =>
    records.length === 0
      ? context.t('noCompetitions')
      : table(
          (['id', 'status', 'type', 'phase', 'bonus', 'title'] as const).map(context.f),
          records.map((c) => [
            c.competitionId,
            c.status,
            c.type,
            c.currentPhase,
            c.bonus,
            localized(context, c.title),
          ]),
        ),
  );
}

/** `sais competitions show <id>`. */
export async function showCompetition(context: Context, competitionId: string) {
  const c = await context.api.get<CompetitionDetail>('/api/race/detail', {
    competitionId,
  } satisfies competition.requests.CompetitionQuery);
  emit(context, c, () =>
    [
      localized(context, c.title),
      ...fieldLines(context, [
        ['id', c.competitionId],
        ['type', c.type],
        ['status', `${c.status}${c.currentPhase ? ` (${c.currentPhase})` : ''}`],
        ['season', c.season],
        ['bonus', c.bonus],
        ['teamSize', `≤ ${c.teamSizeLimit}`],
        ['dailyLimit', c.dailySubmissionLimit],
        ['submissions', c.submissionKinds.join(', ')],
        ['signedUp', context.f(c.signedUp ? 'yes' : 'no')],
        ...Object.entries(c.phases).map(([phase, p]): ['phase', string] => [
          'phase',
          `${phase}: ${p.startsAt} → ${p.endsAt}`,
        ]),
      ]),
      '',
      localized(context, c.description),
    ].join('\n'),
  );
}
