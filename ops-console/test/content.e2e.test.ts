import { competition } from '@sais/events';
import { competitionSettings } from '@sais/events/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';

/**
 * An operator writes the competition page's sections in the console (issue 21): Markdown per language,
 * saved section by section, refused over the limit with the server's words; the portal reads it.
 */
describe('the competition page’s sections in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let operator: Person;
  let competitionId: string;

  beforeAll(async () => {
    sais = await startConsolePlatform('content');
    operator = await sais.account(['operator']);
    const created = await sais.api<{ id: string }>(operator, '/api/admin/competitions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...competitionSettings(), phases: [] }),
    });
    expect(created.body.code).toBe(0);
    competitionId = created.body.data.id;
  });

  afterAll(async () => {
    await sais?.close();
  });

  it('an operator writes a section in both languages and saves it; too long a text is refused', async () => {
    const { context, page } = await sais.browse(operator);
    try {
      await page.goto(`${sais.origin}/console/#/competitions/${competitionId}`);
      const panel = page.getByTestId('content-panel');
      await panel.getByRole('heading', { name: '比赛页面' }).waitFor();
      await page.getByTestId('content-tab-rules').click();
      await expect.poll(() => page.getByTestId('content-save').isDisabled()).toBe(true);
      await page.getByTestId('content-zh-CN').fill('## 规则\n\n- 每队最多五人');
      await page.getByTestId('content-en').fill('## Rules\n\n- Five people a team at most');
      // Each language's preview beside its editor, rendered as the portal renders it.
      const zhPreview = page.getByTestId('content-preview-zh-CN');
      await zhPreview.getByRole('heading', { level: 3, name: '规则' }).waitFor();
      await expect.poll(() => zhPreview.getByRole('listitem').allTextContents()).toEqual(['每队最多五人']);
      await page
        .getByTestId('content-preview-en')
        .getByRole('heading', { level: 3, name: 'Rules' })
        .waitFor();
      await panel.getByText('预览（与门户显示一致） · 中文（Markdown）').waitFor();
      await page.getByTestId('content-save').click();
      await page.getByText('栏目已保存').waitFor();
      await expect.poll(() => page.getByTestId('content-save').isDisabled()).toBe(true);
      const read = await sais.api<{ sections: Record<string, { 'zh-CN': string; en: string }> }>(
        null,
        `/api/race/content?competitionId=${competitionId}`,
      );
      expect(read.body.data.sections.rules).toEqual({
        'zh-CN': '## 规则\n\n- 每队最多五人',
        en: '## Rules\n\n- Five people a team at most',
      });
      expect(read.body.data.sections.overview).toEqual({ 'zh-CN': '', en: '' });

      // Over the limit: the field says so, and the server refuses it in the console's language.
      await page.getByTestId('content-en').fill('x'.repeat(competition.sectionTextMaxLength + 1));
      await panel.getByText('20,001 / 20,000 个字符').waitFor();
      await page.getByTestId('content-save').click();
      await page.getByText('内容过长：每个栏目每种语言最多 20,000 个字符').waitFor();
      const after = await sais.api<{ sections: Record<string, { en: string }> }>(
        null,
        `/api/race/content?competitionId=${competitionId}`,
      );
      expect(after.body.data.sections.rules?.en).toBe('## Rules\n\n- Five people a team at most');
    } catch (error) {
      throw await explained(page, error, 'content');
    } finally {
      await context.close();
    }
  });

  it('previews tables and links as the portal does, shows raw HTML as text and runs none of it (English console)', async () => {
    const { context, page } = await sais.browse(operator);
    try {
      await context.addInitScript(() => localStorage.setItem('language', 'en'));
      await page.goto(`${sais.origin}/console/#/competitions/${competitionId}`);
      const panel = page.getByTestId('content-panel');
      await panel.getByRole('heading', { name: 'Competition page' }).waitFor();
      await page.getByTestId('content-tab-overview').click();
      const preview = page.getByTestId('content-preview-en');
      await expect.poll(() => preview.textContent()).toBe('Nothing written yet.');
      await page
        .getByTestId('content-en')
        .fill(
          [
            '## Data',
            '',
            '| column | meaning |',
            '|---|---|',
            '| `yield` | the target |',
            '',
            '<script>window.__injected = "script"</script>',
            '',
            '<img src="x" onerror="window.__injected = \'img\'">',
            '',
            '[bad](javascript:window.__injected=1) and [rules](https://example.org/rules)',
          ].join('\n'),
        );
      await preview.getByRole('heading', { level: 3, name: 'Data' }).waitFor();
      await expect.poll(() => preview.getByRole('cell').allTextContents()).toEqual(['yield', 'the target']);
      await expect
        .poll(() => preview.textContent())
        .toContain('<script>window.__injected = "script"</script>');
      await expect.poll(() => preview.locator('script, img, iframe').count()).toBe(0);
      await expect(
        page.evaluate(() => (window as { __injected?: unknown }).__injected),
      ).resolves.toBeUndefined();
      await expect
        .poll(() => preview.getByRole('link', { name: 'bad' }).getAttribute('href'))
        .not.toMatch(/javascript/i);
      const good = preview.getByRole('link', { name: 'rules' });
      await expect.poll(() => good.getAttribute('target')).toBe('_blank');
      await expect.poll(() => good.getAttribute('rel')).toContain('noopener');
      await panel.getByText('Preview, as the portal shows it · English (Markdown)').waitFor();
      await page.screenshot({ path: '/tmp/sais-console-content-preview-en.png', fullPage: true });
    } catch (error) {
      throw await explained(page, error, 'content-preview');
    } finally {
      await context.close();
    }
  });

  it('refuses a participant on the server', async () => {
    const participant = await sais.account([]);
    const refused = await sais.api(participant, `/api/admin/competitions/${competitionId}/content/overview`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'zh-CN': '概览', en: 'Overview' }),
    });
    expect(refused.status).toBe(403);
  });
});
