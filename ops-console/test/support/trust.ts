import { competitionSettings } from '@sais/events/fixtures';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ConsolePlatform, Person } from './platform';
import { until } from '../../../infra/test/until.ts';

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

/**
 * A competition of the fixture's settings (no prize money: one operator publishes), its preliminary phase
 * open since yesterday for 30 days, made through the operators' API; answers its id.
 */
export async function openCompetition(sais: ConsolePlatform, operator: Person) {
  const created = await sais.api<{ id: string }>(operator, '/api/admin/competitions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...competitionSettings(),
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

const staffServices = ['identity', 'competition', 'team', 'scoring'] as const;
const staffFilter = encodeURIComponent('{"staff":true}');

/**
 * The confirmations' two paths, checked in the event stores (through the audit API, as an auditor
 * reads them): Cancel appends no staff event in any service; Confirm appends exactly the events named.
 */
export function effectDialogs(sais: ConsolePlatform, auditor: Person) {
  /** How many events staff caused in each service (the staff activity filter of the audit API). */
  async function staffCounts(): Promise<number[]> {
    return Promise.all(
      staffServices.map(async (service) => {
        const answer = await sais.api(
          auditor,
          `/api/admin/audit/${service}/events?filter=${staffFilter}&range=[0,0]`,
        );
        return Number(answer.headers.get('content-range')?.split('/')[1]);
      }),
    );
  }
  const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

  /** The types of the staff events appended since `before` (per service), sorted. */
  async function typesSince(before: number[]): Promise<string[]> {
    const after = await staffCounts();
    const types = await Promise.all(
      staffServices.map(async (service, i) => {
        const added = after[i]! - before[i]!;
        if (added === 0) return [];
        const answer = await sais.api<{ type: string }[]>(
          auditor,
          `/api/admin/audit/${service}/events?filter=${staffFilter}&sort=${encodeURIComponent('["position","DESC"]')}&range=[0,${added - 1}]`,
        );
        return answer.body.data.map((event) => event.type);
      }),
    );
    return types.flat().sort();
  }

  /** Opens a confirmation with `open`, checks its stated effect, cancels: no staff event anywhere. */
  async function cancelChangesNothing(page: Page, open: () => Promise<void>, effect: RegExp) {
    const before = await staffCounts();
    await open();
    const dialog = page.getByRole('dialog');
    // Read once loaded: a count the dialog asks the server for shows "…" until it comes.
    await expect.poll(() => dialog.getByTestId('effect').textContent()).toMatch(effect);
    await dialog.getByTestId('effect-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    // A moment for a call the page might (wrongly) still send.
    await page.waitForTimeout(300);
    expect(await typesSince(before)).toEqual([]);
  }

  /** Fills what the open dialog asks for (reason, typed name) and confirms. */
  async function confirm(page: Page, { reason, name }: { reason?: string; name?: string } = {}) {
    const dialog = page.getByRole('dialog');
    const button = dialog.getByTestId('effect-confirm');
    if (name !== undefined) {
      await dialog.getByTestId('effect-typed-name').fill(`${name} `.slice(0, 3));
      await expect.poll(() => button.isDisabled()).toBe(true);
      await dialog.getByTestId('effect-typed-name').fill(name);
    }
    if (reason !== undefined) await dialog.getByTestId('effect-reason').fill(reason);
    await button.click();
    await dialog.waitFor({ state: 'detached' });
  }

  /**
   * Confirms (as `confirm`) and checks that exactly the staff events `types` were appended, no more
   * (waited for, then checked again after a moment: a wider action would show by then).
   */
  async function confirmAppends(
    page: Page,
    fill: { reason?: string; name?: string },
    types: string[],
  ): Promise<void> {
    const before = await staffCounts();
    await confirm(page, fill);
    const wanted = sum(before) + types.length;
    await until(staffCounts, (counts) => sum(counts) >= wanted, `${types.length} staff events`);
    await page.waitForTimeout(500);
    expect(await typesSince(before)).toEqual([...types].sort());
  }

  return { cancelChangesNothing, confirm, confirmAppends };
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
