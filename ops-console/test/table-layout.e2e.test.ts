import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badLayout } from '../../infra/test/layout.ts';
import { submitVerification } from './support/verification';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';

const shots = fileURLToPath(new URL('../../docs/console/', import.meta.url));

/**
 * Issue 35 (point 4, layout): at 1366 and 1440 px, in zh-CN and en, no column header and no short cell
 * of the console's lists breaks inside a word or between the characters of a short phrase (名/次, 日/志),
 * and no list page scrolls sideways unless its table sits in a scroll container of its own. The
 * identity-signals list is looked at with signals present (two accounts behind one ID number), and its
 * stream is named in the event history by kind and usernames. The read-model check's list of differences
 * is looked at too, with a row altered behind its projection.
 */
describe('the console lists at 1366 and 1440 px', () => {
  let sais: ConsolePlatform;
  let admin: Person;
  const people: Person[] = [];

  async function verify(name: string) {
    const person = await sais.account([]);
    const submitted = await submitVerification(sais.api, person, {
      name,
      certificateNumber: '110105194912310230',
      hue: [30, 110, 220],
    });
    expect(submitted.body).toMatchObject({ code: 0 });
    return person;
  }

  beforeAll(async () => {
    sais = await startConsolePlatform('tablelayout');
    admin = await sais.account(['admin', 'operator', 'reviewer', 'auditor']);
    people.push(await verify('王小明'), await verify('Alice Smith'));
    // A row of a read model altered behind its projection: the read-model check lists it.
    await sql`update team.accounts set email = 'forged.address@example.org'
      where account_id = ${people[0]!.userId}`.execute(sais.platform.database.db);
  });
  afterAll(async () => {
    await sais?.close();
  });

  const pages = [
    'verifications',
    'users',
    'identity-signals',
    'signals',
    'competitions',
    'submissions',
    'teams',
    'audit/identity/events',
    'staff-activity',
  ];

  for (const width of [1366, 1440])
    for (const language of [undefined, 'en'] as const)
      it(`keeps every list's headers and short cells on one line, no sideways scroll, at ${width} px, ${language ?? 'zh-CN'}`, async () => {
        const { context, page } = await sais.browse(admin, language);
        try {
          await page.setViewportSize({ width, height: 900 });
          const problems: string[] = [];
          for (const path of pages) {
            await page.goto(`${sais.origin}/console/#/${path}`);
            // The list has answered: its table, or its empty state.
            await page.locator('table, .RaEmpty-message, .RaList-noResults').first().waitFor();
            await page.waitForLoadState('networkidle');
            for (const problem of await badLayout(page)) problems.push(`${path}: ${problem}`);
          }
          await page.goto(`${sais.origin}/console/#/audit/read-models`);
          await page.getByTestId('read-models-run').click();
          await page.getByTestId('read-models-team').getByTestId('difference').first().waitFor();
          for (const problem of await badLayout(page)) problems.push(`read-model differences: ${problem}`);
          expect(problems, problems.join('\n')).toEqual([]);
        } catch (error) {
          throw await explained(page, error, `layout${width}`);
        } finally {
          await context.close();
        }
      });

  it('names an identity signal stream by its kind and usernames in the event history', async () => {
    // A signal's stream has events once an operator decides it.
    const listed = await sais.api(admin, '/api/admin/identity-signals');
    const signal = (listed.body as unknown as { data: { id: string }[] }).data[0]!;
    const dismissed = await sais.api(admin, `/api/admin/identity-signals/${signal.id}/dismiss`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'twins, checked by phone' }),
    });
    expect(dismissed.body).toMatchObject({ code: 0 });
    for (const language of [undefined, 'en'] as const) {
      const { context, page } = await sais.browse(admin, language);
      try {
        await page.setViewportSize({ width: 1366, height: 900 });
        await page.goto(`${sais.origin}/console/#/identity-signals`);
        const kind = language === 'en' ? 'One document, several accounts' : '同一证件多个账号';
        await page.locator('tbody tr', { hasText: kind }).first().waitFor();
        await page.screenshot({
          path: `${shots}identity-signals-${language ?? 'zh-CN'}.png`,
          animations: 'disabled',
        });
        await page.goto(`${sais.origin}/console/#/audit/identity/events`);
        const signal = language === 'en' ? 'Identity signal' : '身份信号';
        const [first, second] = people.map((person) => person.username).sort();
        const named = page.getByText(
          new RegExp(`^${signal} · ${kind} · (${first}, ${second}|${second}, ${first})$`),
        );
        await named.first().waitFor();
        const problems = await badLayout(page);
        expect(problems, problems.join('\n')).toEqual([]);
      } catch (error) {
        throw await explained(page, error, 'signalstream');
      } finally {
        await context.close();
      }
    }
  });
});
