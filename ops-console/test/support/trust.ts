import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ConsolePlatform, Person } from './platform';

const day = 24 * 3600 * 1000;

/**
 * A competition with prize money (so two operators publish its final results by default), open since
 * yesterday for 30 days, in Shanghai time, made through the operators' API; answers its id.
 */
export async function prizeCompetition(sais: ConsolePlatform, operator: Person, en: string, zh: string) {
  const created = await sais.api<{ id: string }>(operator, '/api/admin/competitions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: { en, 'zh-CN': zh },
      description: { en: 'Predict the yield', 'zh-CN': '预测产率' },
      type: 'Algorithm',
      bonus: 200_000,
      season: '2027',
      sponsors: [],
      timeZone: 'Asia/Shanghai',
      teamSizeLimit: 3,
      teamFormingAttempts: 3,
      dailySubmissionLimit: 5,
      teamMergeDeadline: null,
      agreements: [],
      phases: [
        {
          phase: 'preliminary',
          startsAt: new Date(Date.now() - day).toISOString(),
          endsAt: new Date(Date.now() + 30 * day).toISOString(),
        },
      ],
    }),
  });
  expect(created.body.code).toBe(0);
  return created.body.data.id;
}

/** The confirmations' two paths, with the staff events an auditor counts (the staff activity filter). */
export function effectDialogs(sais: ConsolePlatform, auditor: Person) {
  /** How many events staff caused in a service (the staff activity filter of the audit API). */
  async function staffEvents(service: string) {
    const answer = await sais.api(
      auditor,
      `/api/admin/audit/${service}/events?filter=${encodeURIComponent('{"staff":true}')}&range=[0,0]`,
    );
    return Number(answer.headers.get('content-range')?.split('/')[1]);
  }
  const allStaffEvents = async () =>
    (await Promise.all(['identity', 'competition', 'team', 'scoring'].map(staffEvents))).reduce(
      (a, b) => a + b,
    );

  /** Opens a confirmation with `open`, checks its stated effect, cancels: nothing happened. */
  async function cancelChangesNothing(page: Page, open: () => Promise<void>, effect: RegExp) {
    const before = await allStaffEvents();
    await open();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('effect').textContent()).resolves.toMatch(effect);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await allStaffEvents()).toBe(before);
  }

  /** Fills what the open dialog asks for (reason, typed name) and confirms. */
  async function confirm(page: Page, { reason, name }: { reason?: string; name?: string } = {}) {
    const dialog = page.getByRole('dialog');
    const button = dialog.getByTestId('effect-confirm');
    if (name !== undefined) {
      await dialog.getByTestId('effect-typed-name').fill(`${name} `.slice(0, 3));
      await expect(button.isDisabled()).resolves.toBe(true);
      await dialog.getByTestId('effect-typed-name').fill(name);
    }
    if (reason !== undefined) await dialog.getByTestId('effect-reason').fill(reason);
    await button.click();
    await dialog.waitFor({ state: 'detached' });
  }

  return { cancelChangesNothing, confirm };
}

/**
 * English words left in a zh-CN page: runs of Latin letters, less what is data or a name the
 * platform keeps in Latin letters everywhere: usernames, emails, ids and stream ids, digests, the
 * event store's own identifiers (event, stream and projection types such as `identity.RoleGranted`,
 * shown as they are stored beside their words), metric abbreviations, file names, the test's team.
 * Usernames in any case: a button shows its text in capitals.
 */
export function untranslated(text: string, usernames: string[]): string[] {
  const allowed = new Set([
    'SAIS',
    'RMSE',
    'MAE',
    'AUC',
    'CSV',
    'JSON',
    'SHA',
    'GMT',
    'UTC',
    'Asia',
    'Shanghai',
    'siRNA',
    'Catalysts',
  ]);
  const cleaned = usernames
    .reduce((rest, name) => rest.split(name).join(' '), text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' '))
    .replace(/([a-z-]+-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-[a-z-]+)?/gi, ' ')
    .replace(/\b(part|operator|reviewer|auditor|admin)\d+\b/gi, ' ')
    .replace(/\b[0-9a-f]{8,}\b/g, ' ')
    .replace(/\b[\w-]+\.(csv|png|jpg)\b/g, ' ')
    .replace(/\b[A-Za-z][\w-]*(\.[A-Za-z][\w-]*)+\b/g, ' ');
  const words = cleaned.match(/[A-Za-z][A-Za-z'’]{2,}/g) ?? [];
  return [...new Set(words.filter((word) => !allowed.has(word)))];
}
