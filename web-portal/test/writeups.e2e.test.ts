import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScoredPortal, startScoredPortal, until } from './support/one-phase';

const shots = fileURLToPath(new URL('../../docs/portal/', import.meta.url));
const ids = Array.from({ length: 40 }, (_, i) => `m${i}`);
const truth = `id,yield\n${ids.map((id, i) => `${id},${i * 2.5}`).join('\n')}\n`;
const mine = `id,yield\n${ids.map((id, i) => `${id},${i * 2.5 + 1}`).join('\n')}\n`;

/**
 * Every way Markdown could carry script, each setting `window.__xss` if it ran: a script tag, an image
 * whose error handler runs, a `javascript:` link and image, an inline event handler, an iframe.
 */
const attack = [
  '# Our method',
  '',
  'Gradient boosting on **engineered features**.',
  '',
  '<script>window.__xss = "script"</script>',
  '',
  '<img src="x" onerror="window.__xss = \'onerror\'">',
  '',
  '[click me](javascript:window.__xss=%22link%22)',
  '',
  '![pic](javascript:window.__xss=%22image%22)',
  '',
  '<a href="#" onclick="window.__xss = \'onclick\'">raw link</a>',
  '',
  '<iframe src="javascript:parent.__xss=\'iframe\'"></iframe>',
].join('\n');

/**
 * Decision 0047 in Chromium against the real platform (the run's mode): after publication an operator
 * opens write-ups; the participant (rank 1) submits one through the page's form with Markdown that tries
 * every way to run script; the page lists it with rank and team and renders it with none of that running.
 */
describe('write-ups on the portal', () => {
  let portal: ScoredPortal;
  const dialogs: string[] = [];
  const stamp = 100_000 + (Date.now() % 900_000);

  beforeAll(async () => {
    portal = await startScoredPortal({ stamp, metric: 'rmse', revealGroundTruth: false, truth, mine });
    const { call, competitionId, operator, participant } = portal;
    await portal.closeAndPublish();
    const opened = await call(operator, '/admin/leaderboard/writeups/open', {
      competitionId,
      phase: 'preliminary',
      places: 3,
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(opened.code).toBe(0);
    await until(
      () => call(participant, `/leaderboard/writeups?competitionId=${competitionId}`),
      (answer) => (answer.data as unknown[])?.length === 1,
      'the opened write-ups',
    );
    portal.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }, 180_000);

  afterAll(() => portal?.close());

  it('a prize-place team submits Markdown through the form; it is listed and rendered with no script run', async () => {
    const { page, language, origin, competitionId } = portal;
    await page.goto(`${origin}/competitionDetail/${competitionId}/writeUps`);
    await language('en');
    await page.getByTestId('writeup-title-input').fill('Boosted trees');
    await page.getByTestId('writeup-body-input').fill(attack);
    await page.getByTestId('writeup-send').click();

    const row = page.getByTestId('writeup-row');
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await expect(row.locator('td').first().textContent()).resolves.toBe('1');
    const body = page.getByTestId('writeup-body');
    await body.waitFor();
    await expect(body.locator('h3').textContent()).resolves.toBe('Our method');
    await expect(body.locator('strong').textContent()).resolves.toBe('engineered features');
    // Raw HTML is shown as the text it is, never parsed into elements.
    await expect(body.textContent()).resolves.toContain('<script>window.__xss = "script"</script>');
    await expect(body.locator('script, iframe, img[onerror], [onclick]').count()).resolves.toBe(0);
    // The javascript: link keeps its text but has no javascript: address; clicking it runs nothing.
    const hrefs = await body
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((href) => /^\s*javascript:/i.test(href))).toBe(false);
    const srcs = await body
      .locator('img')
      .evaluateAll((images) => images.map((i) => i.getAttribute('src') ?? ''));
    expect(srcs.some((src) => /^\s*javascript:/i.test(src))).toBe(false);
    await body.getByText('click me').click();
    await expect(page.evaluate(() => (window as { __xss?: string }).__xss ?? null)).resolves.toBeNull();
    expect(dialogs).toEqual([]);
    await expect(page.getByTestId('writeup-seal').textContent()).resolves.toMatch(/^[0-9a-f]{64}$/);
    await page.screenshot({ path: join(shots, 'writeups-en.png'), fullPage: true });

    // In Chinese: the tab and the page's words; still nothing ran.
    await language('zh-CN');
    await expect.poll(() => page.getByRole('tab', { name: '方案说明' }).count(), { timeout: 30_000 }).toBe(1);
    await page.getByTestId('writeup-body').waitFor();
    await expect(page.evaluate(() => (window as { __xss?: string }).__xss ?? null)).resolves.toBeNull();
    await page.screenshot({ path: join(shots, 'writeups-zh-CN.png'), fullPage: true });
  });
});
