import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import { choose } from './support/scoring';
import { ensureAppBuilt } from '../../infra/test/apps.ts';
import { until } from '../../infra/test/until.ts';

const shots = fileURLToPath(new URL('../../docs/console/', import.meta.url));

/** The identity service's account streams. */
const accountStream = (person: Person) => `account-${person.userId}`;

/**
 * The auditors' pages against the real platform: every service in this process on a fresh database,
 * serving the console built from this tree.
 */
describe('audit in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let origin: string;
  let auditor: Person;
  let admin: Person;
  let participant: Person;
  const api = (...args: Parameters<ConsolePlatform['api']>) => sais.api(...args);
  const browse = (person: Person, language?: 'en') => sais.browse(person, language);

  beforeAll(async () => {
    sais = await startConsolePlatform('audit');
    ({ origin } = sais);
    auditor = await sais.account(['auditor']);
    admin = await sais.account(['admin']);
    participant = await sais.account([]);
  });

  afterAll(async () => {
    await sais?.close();
  });

  /**
   * Runs the console's read-model check and waits until every service's result is one of `results`
   * (`data-result` of `read-models-<service>`).
   */
  async function checkReadModels(page: Page, results: string[], options: { timeout?: number } = {}) {
    await page.goto(`${origin}/console/`);
    await page.getByTestId('menu-audit-read-models').click();
    await page.getByTestId('read-models-run').click();
    for (const service of ['identity', 'competition', 'team', 'scoring'])
      await page.waitForFunction(
        ({ id, results }) =>
          results.includes(
            document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-result') ?? '',
          ),
        { id: `read-models-${service}`, results },
        options,
      );
  }

  it('an auditor filters the event history, opens an event and its stream, and verifies the chains', async () => {
    const { context, page } = await browse(auditor);
    try {
      await page.goto(`${origin}/console/`);
      await page.getByTestId('menu-audit-events').waitFor();
      await expect.poll(() => page.getByTestId('menu-review').count()).toBe(0);
      await expect.poll(() => page.getByTestId('menu-audit-replay').count()).toBe(0);

      await page.getByTestId('menu-audit-events').click();
      await page.waitForURL(/#\/audit\/identity\/events/);
      const rows = page.locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBeGreaterThanOrEqual(6);

      // Filter by the participant's account stream: only its events, oldest registration among them.
      await page.locator('input[name="streamId"]').fill(accountStream(participant));
      // The stream by what it stands for (the account's username), its id on hover.
      await page.waitForFunction(
        ({ id, name }) => {
          const cells = [...document.querySelectorAll('tbody tr [data-testid="stream-name"]')];
          return (
            cells.length > 0 &&
            cells.every(
              (cell) => cell.getAttribute('data-stream') === id && cell.textContent === `账号 · ${name}`,
            )
          );
        },
        { id: accountStream(participant), name: participant.username },
      );
      // Event types in words; the recorded type on hover.
      await rows.filter({ hasText: '注册账号' }).waitFor();
      await expect(
        rows.filter({ hasText: '注册账号' }).getByTestId('event-type').getAttribute('data-type'),
      ).resolves.toBe('identity.AccountRegistered');
      await page.screenshot({ path: '/tmp/sais-console-audit-events.png', fullPage: true });
      // And by type: one registration.
      await choose(page, '事件类型', '注册账号');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
      await expect.poll(() => rows.first().textContent()).toContain('注册账号');
      await until(
        async () =>
          JSON.parse(new URL(page.url().replace('#/', '')).searchParams.get('filter') ?? '{}') as {
            type?: string;
          },
        (chosen) => chosen.type === 'identity.AccountRegistered',
        'the type filter as recorded',
      );
      // A time range in the future leaves nothing; the time, typed in the platform's zone, goes to the
      // API as an ISO instant.
      await page.locator('input[name="from"]').fill('2099-01-01T00:00');
      await page.getByText(/当前筛选下没有/).waitFor();
      await expect.poll(() => rows.count()).toBe(0);
      const filter = JSON.parse(new URL(page.url().replace('#/', '')).searchParams.get('filter') ?? '{}');
      expect(new Date(filter.from as string).toISOString()).toBe(filter.from);
      expect(filter.from).toMatch(/^209[89]-/);
      // The time filters name the zone they are read in; the actor is picked by username, not typed as an id.
      await page.getByLabel(/^起始时间 \(.+\)$/).waitFor();
      const actor = page.getByRole('combobox', { name: '操作者' });
      await actor.fill(admin.username.slice(0, 8));
      await page.getByRole('option', { name: admin.username }).click();
      await until(
        async () =>
          JSON.parse(new URL(page.url().replace('#/', '')).searchParams.get('filter') ?? '{}') as {
            actorId?: string;
          },
        (chosen) => chosen.actorId === admin.userId,
        'the actor filter by id',
      );

      // The show page: the event as JSON; then its stream's full history.
      await page.goto(
        `${origin}/console/#/audit/identity/events?filter=${encodeURIComponent(
          JSON.stringify({ streamId: accountStream(participant), type: 'identity.AccountRegistered' }),
        )}`,
      );
      await rows.first().locator('td').first().click();
      await page.waitForURL(/#\/audit\/identity\/events\/[0-9a-f-]+\/show/);
      const json = await page.getByTestId('event-json').textContent();
      expect(JSON.parse(json ?? '{}')).toMatchObject({
        type: 'identity.AccountRegistered',
        stream: { type: 'identity.account', id: accountStream(participant) },
        // As stored: the username sealed with the account's key (decision 0017), as the hash covers it.
        data: { accountId: participant.userId, username: expect.stringMatching(/^pd1\./) },
      });
      await page.getByTestId('stream-link').click();
      await page.waitForURL(/#\/audit\/streams\/identity\//);
      await page.getByTestId('stream-history').waitFor();
      const history = page.getByTestId('stream-event');
      expect(await history.count()).toBeGreaterThanOrEqual(1);
      await expect.poll(() => history.first().textContent()).toContain('注册账号');
      await expect
        .poll(() => page.getByTestId('stream-title').textContent())
        .toBe(`账号 · ${participant.username}`);
      await expect.poll(() => history.first().textContent()).toContain('✓');
      await page.screenshot({ path: '/tmp/sais-console-audit-stream.png', fullPage: true });

      // The other services have their own history (the competition one may be empty here).
      await page.goto(`${origin}/console/#/audit/identity/events`);
      await page.getByTestId('service-team').click();
      await page.waitForURL(/#\/audit\/team\/events/);

      await page.getByTestId('menu-audit-verify').click();
      await page.getByTestId('verify-run').click();
      for (const service of ['identity', 'competition', 'team', 'scoring']) {
        const result = page.getByTestId(`verify-${service}`);
        await page.waitForFunction(
          (id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-result') === 'pass',
          `verify-${service}`,
        );
        await expect.poll(() => result.textContent()).toMatch(/通过，已校验 \d+ 个事件/);
      }
      await page.screenshot({ path: '/tmp/sais-console-audit-verify.png', fullPage: true });

      // The replay page is not for auditors, and neither is the replay call.
      await page.goto(`${origin}/console/#/audit/replay`);
      await page.getByText('你没有访问此页面的权限').waitFor();
      expect(
        (await api(auditor, '/api/admin/audit/identity/replay/identity.inbox', { method: 'POST' })).status,
      ).toBe(403);
    } catch (error) {
      throw await explained(page, error, 'audit');
    } finally {
      await context.close();
    }
  });

  it('participants see no audit menu and the audit API refuses them; signed out is 401', async () => {
    const { context, page } = await browse(participant);
    try {
      await page.goto(`${origin}/console/`);
      await page.getByTestId('roles').waitFor();
      await expect.poll(() => page.getByTestId('menu-audit-events').count()).toBe(0);
      await page.goto(`${origin}/console/#/audit/verify`);
      await page.getByText('你没有访问此页面的权限').waitFor();
      expect((await api(participant, '/api/admin/audit/identity/events')).status).toBe(403);
      expect((await api(null, '/api/admin/audit/scoring/verify')).status).toBe(401);
    } catch (error) {
      throw await explained(page, error, 'audit');
    } finally {
      await context.close();
    }
  });

  it('an admin replays a projection with a progress bar, in English', async () => {
    const { context, page } = await browse(admin, 'en');
    try {
      await page.goto(`${origin}/console/`);
      await page.getByTestId('menu-audit-replay').click();
      const inbox = page.getByTestId('replay-identity.inbox');
      await inbox.waitFor();
      await inbox.getByTestId('replay-start').click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="replay-identity.inbox"]')?.getAttribute('data-state') ===
          'done',
      );
      await expect
        .poll(() => inbox.getByTestId('replay-status').textContent())
        .toMatch(/^Done: (\d+) of \1 events read, \d+ applied\.$/);
      await expect.poll(() => inbox.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    } catch (error) {
      throw await explained(page, error, 'audit');
    } finally {
      await context.close();
    }
  });

  it('after a participant opened inbox messages in the portal, the read-model page finds the identity inbox as its events make it, in zh-CN and in English', async () => {
    // Issue 35: opening a message wrote its read_at from a clock reading a few ms before the event's
    // own time, and the check raised a red alarm for the identity inbox over it.
    await ensureAppBuilt('web-portal');
    const reader = await sais.account([]);
    // Three access tokens made: three messages in the reader's inbox.
    for (const name of ['laptop', 'desk', 'server']) {
      const made = await api(reader, '/api/user/tokens/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, scopes: ['read'], expiresInDays: 30 }),
      });
      expect(made.body.code).toBe(0);
    }
    const portal = await browse(reader);
    try {
      const { page } = portal;
      await page.goto(`${origin}/user/myMsg`);
      const unread = page.getByTestId('unread-count');
      await expect
        .poll(async () => {
          await page.reload();
          return unread.textContent();
        })
        .toBe('3 条未读');
      // Each message opened, as the reader opens it, and closed.
      for (let index = 0; index < 3; index++) {
        await page.getByTestId('message-list').getByRole('button').nth(index).click();
        await page.getByTestId('message-content').waitFor();
        await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
        await expect.poll(() => unread.textContent()).toBe(`${2 - index} 条未读`);
      }
    } catch (error) {
      throw await explained(portal.page, error, 'audit-inbox');
    } finally {
      await portal.context.close();
    }
    // The inbox projection has taken the read marks (the check compares what it applied).
    const stream = `inbox-${reader.userId}`;
    await until(
      async () =>
        (
          await sql<{ applied: number | null; written: number | null }>`select
            (select stream_version from identity.projection_streams
              where projection = 'identity.inbox' and stream_id = ${stream}) as applied,
            (select max(stream_version) from identity.events where stream_id = ${stream}) as written`.execute(
            sais.platform.database.db,
          )
        ).rows[0]!,
      ({ applied, written }) => written !== null && Number(applied) === Number(written),
      'the inbox projection to take the read marks',
    );

    for (const [language, pass] of [
      [undefined, /^身份：通过，\d+ 个读模型与事件一致/],
      ['en', /^Identity: pass, \d+ read models? match(es)? the events/],
    ] as const) {
      const { context, page } = await browse(auditor, language);
      try {
        // Every service answers; the identity one passes (its text names the differences if not).
        await checkReadModels(page, ['pass', 'differ'], { timeout: 120_000 });
        const identity = page.getByTestId('read-models-identity');
        await expect.poll(() => identity.textContent()).toMatch(pass);
        expect(await identity.getAttribute('data-result')).toBe('pass');
      } catch (error) {
        throw await explained(page, error, 'audit-inbox');
      } finally {
        await context.close();
      }
    }
  });

  it('the read-model page passes, then names a row altered behind the projection, in English', async () => {
    const { context, page } = await browse(auditor, 'en');
    try {
      await checkReadModels(page, ['pass']);
      await expect
        .poll(() => page.getByTestId('read-models-team').textContent())
        .toMatch(/^Team: pass, \d+ read models match the events; state tables: 1 check matches the events$/);

      await sql`update team.accounts set email = 'forged@example.org'
        where account_id = ${participant.userId}`.execute(sais.platform.database.db);
      await page.getByTestId('read-models-run').click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="read-models-team"]')?.getAttribute('data-result') ===
          'differ',
      );
      const team = page.getByTestId('read-models-team');
      await expect.poll(() => team.textContent()).toContain('team.accounts: 1 row differs');
      const row = team.getByTestId('difference');
      await expect.poll(() => row.count()).toBe(1);
      const cells = await row.locator('td').allTextContents();
      expect(cells).toEqual([
        'accounts',
        `account_id="${participant.userId}"`,
        'changed',
        'email',
        '"forged@example.org"',
        `"${participant.username}@example.org"`,
      ]);
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="read-models-scoring"]')?.getAttribute('data-result') ===
          'pass',
      );
      await page.screenshot({ path: '/tmp/sais-console-audit-read-models.png', fullPage: true });

      // A state table (decision 0028) edited behind the events: the same check as
      // `npm run events:verify -- --read-models` names it (issue 33).
      const forged = '00000000-0000-4000-8000-000000000033';
      await sql`insert into competition.registrations (competition_id, account_id, signed_up_at)
        values (${forged}, ${participant.userId}, now())`.execute(sais.platform.database.db);
      try {
        await page.getByTestId('read-models-run').click();
        await page.waitForFunction(
          () =>
            document.querySelector('[data-testid="read-models-competition"]')?.getAttribute('data-result') ===
            'differ',
        );
        const competition = page.getByTestId('read-models-competition');
        await expect
          .poll(() => competition.textContent())
          .toContain('competition state: 1 row differs from what the events say');
        const forgedRow = competition.getByTestId('difference');
        await expect.poll(() => forgedRow.count()).toBe(1);
        expect(await forgedRow.locator('td').allTextContents()).toEqual([
          'registrations',
          `competition_id="${forged}", account_id="${participant.userId}"`,
          'not explained by any event',
          '—',
          '',
          '',
        ]);
        await expect.poll(() => competition.locator('th').allTextContents()).toContain('The events say');
        await page.setViewportSize({ width: 1366, height: 900 });
        await competition.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}read-models-state-table.png`, animations: 'disabled' });
      } finally {
        await sql`delete from competition.registrations where competition_id = ${forged}`.execute(
          sais.platform.database.db,
        );
      }
    } catch (error) {
      throw await explained(page, error, 'audit');
    } finally {
      await context.close();
    }
  });

  it('after one event row is altered in PostgreSQL, the verify page names the first broken link', async () => {
    const db = sais.platform.database.db;
    await sql`alter table identity.events disable trigger events_append_only`.execute(db);
    await sql`update identity.events set data = jsonb_set(data, '{username}', '"forged"')
      where stream_id = ${accountStream(participant)} and stream_version = 1`.execute(db);
    await sql`alter table identity.events enable trigger events_append_only`.execute(db);
    const { context, page } = await browse(auditor, 'en');
    try {
      await page.goto(`${origin}/console/#/audit/verify`);
      await page.getByTestId('verify-run').click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="verify-identity"]')?.getAttribute('data-result') === 'broken',
      );
      const text = await page.getByTestId('verify-identity').textContent();
      expect(text).toContain('Identity: the hash chain is broken');
      expect(text).toContain(
        `First broken link: stream ${accountStream(participant)}, version 1: the event content does not match its hash`,
      );
      await page.waitForFunction(
        () => document.querySelector('[data-testid="verify-team"]')?.getAttribute('data-result') === 'pass',
      );
      await page.screenshot({ path: '/tmp/sais-console-audit-broken.png', fullPage: true });
    } catch (error) {
      throw await explained(page, error, 'audit');
    } finally {
      await context.close();
    }
  });
});
