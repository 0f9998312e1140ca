import type { competition } from '@sais/events';
import { UsageError } from '../api.ts';
import type { Context } from '../output.ts';
import { emit, fieldLines, localized, table } from '../output.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A competition named on the command line, by its id or its slug (decision 0036): an id as it is, a
 * slug looked up with `GET /api/race/bySlug` (an unknown one: the platform's "does not exist").
 */
export async function resolveCompetition(context: Context, idOrSlug: string): Promise<string> {
  const value = idOrSlug.trim();
  if (uuid.test(value)) return value;
  if (!value) throw new UsageError(context.t('competitionRequired'));
  const found = await context.api.get<CompetitionDetail>('/api/race/bySlug', {
    slug: value.toLowerCase(),
  } satisfies competition.requests.SlugQuery);
  return found.competitionId;
}

/** The platform's answers, typed by the routes' own response schemas (`@sais/events`). */
type Competition = competition.responses.CompetitionView;
type CompetitionPage = competition.responses.CompetitionPage;
type CompetitionDetail = competition.responses.CompetitionDetail;

/** `sais competitions list [--status --type --season --search --sort]`: every page of `/api/race/list`. */
export async function listCompetitions(
  context: Context,
  filters: { status?: string; type?: string; season?: string; search?: string; sort?: string },
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
          (['id', 'slug', 'status', 'type', 'phase', 'bonus', 'title'] as const).map(context.f),
          records.map((c) => [
            c.competitionId,
            c.slug,
            c.status,
            c.type,
            c.currentPhase,
            c.bonus,
            localized(context, c.title),
          ]),
        ),
  );
}

/** `sais signup <competition> [--accept]`: sign up, accepting the competition's agreements (shown first). */
export async function signUp(context: Context, competitionId: string, options: { accept?: boolean }) {
  const c = await context.api.get<CompetitionDetail>('/api/race/detail', {
    competitionId,
  } satisfies competition.requests.CompetitionQuery);
  const title = localized(context, c.title);
  if (c.signedUp) {
    emit(context, { competitionId, slug: c.slug, signedUp: true }, () =>
      context.t('alreadySignedUp', { title, slug: c.slug }),
    );
    return 0;
  }
  const agreements = c.agreements.map((a) => a.agreementId);
  if (c.agreements.length > 0 && !options.accept) {
    const list = c.agreements.map((a) => `  ${a.agreementId}: ${localized(context, a.title)}`).join('\n');
    throw new UsageError(context.t('agreementsToAccept', { title, list }));
  }
  await context.api.post('/api/race/signUp', {
    competitionId,
    agreements,
  } satisfies competition.requests.SignUp);
  emit(context, { competitionId, slug: c.slug, signedUp: true, agreements }, () =>
    context.t('signedUp', { title, slug: c.slug, agreements: agreements.join(', ') || '-' }),
  );
  return 0;
}

/** `sais competitions show <competition>`. */
export async function showCompetition(context: Context, competitionId: string) {
  const c = await context.api.get<CompetitionDetail>('/api/race/detail', {
    competitionId,
  } satisfies competition.requests.CompetitionQuery);
  emit(context, c, () =>
    [
      localized(context, c.title),
      ...fieldLines(context, [
        ['id', c.competitionId],
        ['slug', c.slug],
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
        // Each container run's limits in a phase (decision 0044), before the participant submits.
        ...(c.submissionKinds.includes('container-image')
          ? Object.entries(c.phases).flatMap(([phase, p]): ['runLimits', string][] =>
              p.runLimits
                ? [
                    [
                      'runLimits',
                      `${phase}: ${context.t('runLimitsLine', {
                        seconds: p.runLimits.timeoutSeconds,
                        memoryMb: p.runLimits.memoryMb,
                        cpus: p.runLimits.cpus,
                        resultMb: p.runLimits.resultMb,
                        gpus: p.runLimits.gpus,
                      })}`,
                    ],
                  ]
                : [],
            )
          : []),
      ]),
      '',
      localized(context, c.description),
    ].join('\n'),
  );
}
