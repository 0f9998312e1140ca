import { randomUUID } from 'node:crypto';
import { competition as C } from '@sais/events';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ConsolePlatform, Person } from './platform';
import { openCompetition, prizeCompetition } from './trust';
import { until } from '../../../infra/test/until.ts';

/** `id,yield` rows r0..r(rows-1) with `f(i)` as the yield: a ground truth, or a result file around it. */
export const yieldCsv = (rows: number, f: (i: number) => number) =>
  'id,yield\n' + Array.from({ length: rows }, (_, i) => `r${i},${f(i)}`).join('\n') + '\n';

/** Signs a participant up (the competition's event, as the sign-up flow records it) and waits for scoring. */
export async function signUp(sais: ConsolePlatform, person: Person, competitionId: string) {
  await sais.platform.stores.get('competition')!.append(
    C.ParticipantSignedUp.aggregate,
    `registration-${competitionId}-${person.userId}`,
    'no_stream',
    [
      {
        type: C.ParticipantSignedUp.type,
        data: { competitionId, accountId: person.userId, acceptedAgreements: [] },
      },
    ],
    { actor: { userId: null, role: 'system' }, correlationId: randomUUID(), causationId: null },
  );
  await until(
    () =>
      sql`select 1 from scoring.registrations where account_id = ${person.userId}
        and competition_id = ${competitionId}`.execute(sais.platform.database.db),
    (result) => result.rows.length > 0,
    'sign-up mirror',
  );
}

/** Posts `form` and a CSV file (`result.csv`) as multipart to `path` as `person`; expects success, returns the data. */
export async function uploadCsv(
  sais: ConsolePlatform,
  person: Person,
  path: string,
  form: Record<string, string>,
  content: string,
): Promise<Record<string, unknown>> {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) body.set(key, value);
  body.set('file', new Blob([content], { type: 'text/csv' }), 'result.csv');
  const answer = await sais.api(person, path, { method: 'POST', body });
  expect(answer.body).toMatchObject({ code: 0 });
  return answer.body.data;
}

/**
 * Chooses an option of a labelled MUI select or autocomplete, and checks the field shows it. A page that
 * has just opened may render its form again as its data arrives, closing a list opened a moment before
 * (the option is then detached and never comes back) or dropping the choice: the list is opened again,
 * a bounded number of times. `taken`, when given, is what the page shows only once it has the choice
 * itself (a hint that goes away, a table that appears): a page just navigated to may still share the
 * screen with the one it replaces, whose field of the same label would otherwise take the choice.
 */
export async function choose(page: Page, label: string, option: string, taken?: () => Promise<unknown>) {
  const field = page.getByRole('combobox', { name: label });
  const shown = () =>
    field.evaluate((element) => (element as HTMLInputElement).value || element.textContent || '');
  for (let attempt = 1; ; attempt += 1) {
    await field.click();
    try {
      await page.getByRole('option', { name: option }).click({ timeout: 5_000 });
      await until(shown, (text) => text.includes(option), `"${option}" shown in ${label}`, 5_000);
      await taken?.();
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * An operator closes a phase now (the console's phase control calls this), and scoring knows it ended
 * with every submission on the board: final results are published only then (issue 30).
 */
export async function closePhase(
  sais: ConsolePlatform,
  operator: Person,
  competitionId: string,
  phase = 'preliminary',
) {
  const closed = await sais.api(operator, `/api/admin/competitions/${competitionId}/phases/${phase}/close`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(closed.body).toMatchObject({ code: 0 });
  await until(
    () =>
      sais.api<{ schedule: { ended: boolean; pending: number } | null }>(
        operator,
        `/api/admin/leaderboard/publication?competitionId=${competitionId}&phase=${phase}`,
      ),
    (answer) => answer.body.data.schedule?.ended === true && answer.body.data.schedule.pending === 0,
    'the phase ended in scoring, every submission on the board',
  );
}

/** Waits until scoring's mirror holds the competition with its phases (what its boards and uploads need). */
export async function inScoring(sais: ConsolePlatform, competitionId: string, what = 'the competition') {
  await until(
    () =>
      sql`select phases from scoring.competitions where competition_id = ${competitionId}`.execute(
        sais.platform.database.db,
      ),
    (result) => JSON.stringify(result.rows).includes('preliminary'),
    `${what} mirrored in scoring`,
  );
}

/**
 * A competition with prize money (`prizeCompetition`: two operators publish), named `en` and `zh`
 * ("Catalyst yield", 催化剂产率预测 unless said) — or, with `plain`, the fixture's competition without
 * prize money (`openCompetition`: one operator publishes) — once scoring knows it, its ground truth
 * `truth` scored by RMSE on a 50% public split, with `secondaryMetrics` (e.g. `mae,r2`) if given. Answers
 * its id.
 */
export async function scoredCompetition(
  sais: ConsolePlatform,
  operator: Person,
  truth: string,
  {
    en = 'Catalyst yield',
    zh = '催化剂产率预测',
    secondaryMetrics,
    plain = false,
  }: { en?: string; zh?: string; secondaryMetrics?: string; plain?: boolean } = {},
): Promise<string> {
  const competitionId = plain
    ? await openCompetition(sais, operator)
    : await prizeCompetition(sais, operator, en, zh);
  await inScoring(sais, competitionId, plain ? 'the competition' : en);
  await uploadCsv(
    sais,
    operator,
    '/api/admin/groundtruth',
    { competitionId, metric: 'rmse', publicPercent: '50', ...(secondaryMetrics ? { secondaryMetrics } : {}) },
    truth,
  );
  return competitionId;
}

/** `owner` (signed up) forms a team `name`; answers its id once scoring knows the team. */
export async function formTeam(sais: ConsolePlatform, owner: Person, competitionId: string, name: string) {
  const formed = await sais.api<{ teamId: string }>(owner, '/api/team/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ competitionId, name }),
  });
  expect(formed.body).toMatchObject({ code: 0 });
  const { teamId } = formed.body.data;
  await until(
    () => sql`select 1 from scoring.memberships where team_id = ${teamId}`.execute(sais.platform.database.db),
    (result) => result.rows.length > 0,
    'the team in scoring',
  );
  return teamId;
}

/** Waits until `count` teams are on the competition's private board, as `reader` sees it (30 s unless `withinMs`). */
export async function onPrivateBoard(
  sais: ConsolePlatform,
  reader: Person,
  competitionId: string,
  count: number,
  withinMs?: number,
) {
  await until(
    () => sais.api<{ total: number }>(reader, `/api/leaderboard/private?competitionId=${competitionId}`),
    (answer) => answer.body.data?.total === count,
    `${count} teams on the private board`,
    withinMs,
  );
}
