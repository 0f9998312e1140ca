import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import { closePhase, scoredCompetition, signUp, uploadCsv, yieldCsv } from './support/scoring';
import { until } from '../../infra/test/until.ts';

const shots = fileURLToPath(new URL('../../docs/console/', import.meta.url));
const rows = 40;

/**
 * Write-ups in the console (decision 0047): after publication an operator opens them for the prize
 * places; the team's write-up is listed and read as the portal renders it (its raw HTML as text); hiding
 * takes a reason, and the public list no longer has it. In Chromium, against the real platform.
 */
describe('write-ups in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let operator: Person;
  let participant: Person;
  let competitionId: string;

  beforeAll(async () => {
    sais = await startConsolePlatform('writeups');
    operator = await sais.account(['operator']);
    participant = await sais.account([]);
    competitionId = await scoredCompetition(
      sais,
      operator,
      yieldCsv(rows, (i) => i * 5),
      { plain: true },
    );
    await signUp(sais, participant, competitionId);
    await uploadCsv(
      sais,
      participant,
      '/api/submission/upload',
      { competitionId },
      yieldCsv(rows, (i) => i * 5 + 1),
    );
    await closePhase(sais, operator, competitionId);
    // Two operators (the competition's rule): one proposes, another approves.
    const approver = await sais.account(['operator']);
    const step = (who: Person, name: 'propose' | 'approve') =>
      sais.api(who, `/api/admin/leaderboard/publication/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ competitionId, phase: 'preliminary', reason: 'Ranking checked' }),
      });
    await until(
      () => step(operator, 'propose'),
      (answer) => answer.body.code === 0,
      'the publication proposed',
    );
    expect((await step(approver, 'approve')).body).toMatchObject({ code: 0 });
  });

  afterAll(async () => {
    await sais?.close();
  });

  it('opens write-ups for the prize places, reads one safely, hides it with a reason', async () => {
    const { context, page } = await sais.browse(operator);
    try {
      await page.goto(`${sais.origin}/console/#/competitions/${competitionId}`);
      const panel = page.getByTestId('writeups-panel');
      await panel.getByRole('heading', { name: '方案说明' }).waitFor();
      await panel.getByTestId('writeups-empty').waitFor();
      await panel.getByTestId('writeups-places').fill('3');
      // The deadline is typed in the competition's zone (Asia/Shanghai, named by the field), whatever the
      // browser's, and shown in it with its offset (issue 35).
      await panel.getByText('截止时间 (Asia/Shanghai)').waitFor();
      const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      await panel.getByTestId('writeups-deadline').fill(`${day}T23:59`);
      await panel.getByTestId('writeups-open').click();
      await page.getByText('已开放方案说明').waitFor();
      await expect
        .poll(() => panel.getByTestId('writeups-phase').textContent(), { timeout: 30_000 })
        .toContain('获奖名次 1–3');
      await expect(panel.getByTestId('writeups-phase').textContent()).resolves.toContain(
        `${day} 23:59 GMT+8`,
      );
      const opened = await sais.api<{ deadline: string }[]>(
        operator,
        `/api/admin/leaderboard/writeups?competitionId=${competitionId}`,
      );
      expect(opened.body.data[0]!.deadline).toBe(`${day}T15:59:00.000Z`);

      // The team (rank 1) submits through the API; the console lists it and reads it as the portal would.
      const form = new FormData();
      form.set('competitionId', competitionId);
      form.set('phase', 'preliminary');
      form.set('title', 'Trees');
      form.set('body', '## Method\n\n<img src=x onerror="window.__xss=1">');
      const sent = await sais.api(participant, '/api/submission/writeup', { method: 'POST', body: form });
      expect(sent.body).toMatchObject({ code: 0, data: { rank: 1 } });
      await page.reload();
      const row = panel.getByTestId('writeup-row');
      await row.waitFor({ timeout: 30_000 });
      await expect(row.getByTestId('writeup-state').textContent()).resolves.toBe('显示中');
      await row.getByRole('button', { name: 'Trees' }).click();
      const reading = panel.getByTestId('writeup-reading');
      await reading.getByRole('heading', { name: 'Method' }).waitFor();
      await expect(reading.textContent()).resolves.toContain('<img src=x onerror="window.__xss=1">');
      await expect(reading.locator('img').count()).resolves.toBe(0);
      await expect(page.evaluate(() => (window as { __xss?: number }).__xss ?? null)).resolves.toBeNull();
      await panel.screenshot({ path: join(shots, 'writeups-zh-CN.png') });

      // Hiding needs a reason; the public list then has none, the console shows the reason.
      await expect(row.getByTestId('writeup-hide').isDisabled()).resolves.toBe(true);
      await panel.getByTestId('writeup-reason').fill('含有他人代码');
      await row.getByTestId('writeup-hide').click();
      await page.getByText('已隐藏方案说明').waitFor();
      await expect
        .poll(() => row.getByTestId('writeup-state').textContent(), { timeout: 30_000 })
        .toBe('已隐藏：含有他人代码');
      const listed = await sais.api<{ writeUps: unknown[] }[]>(
        participant,
        `/api/leaderboard/writeups?competitionId=${competitionId}`,
      );
      expect(listed.body.data[0]!.writeUps).toEqual([]);
    } catch (error) {
      throw await explained(page, error, 'writeups');
    } finally {
      await context.close();
    }
  });
});
