import { messages } from '@sais/events';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';

const shots = new URL('../../docs/console/', import.meta.url).pathname;

const words = {
  en: {
    type: 'Type',
    algorithm: 'Algorithm',
    save: 'Save',
    shown: 'Short name',
    fixed: 'Short name (slug; set at creation, cannot change)',
  },
  'zh-CN': {
    type: '类型',
    algorithm: '算法',
    save: '保存',
    shown: '简称',
    fixed: '简称（slug；创建时设定，不可更改）',
  },
} as const;

/**
 * The competition's short name (slug, issue 35 point 12, decision 0036) as an operator meets it in the
 * console, in both languages: typed once when creating (or taken from the English title), refused when
 * malformed or taken, shown on the competition's page and in the list, and never an input afterwards.
 */
describe('the competition slug in the console, in Chromium', () => {
  let sais: ConsolePlatform;
  let origin: string;
  let operator: Person;

  beforeAll(async () => {
    sais = await startConsolePlatform('slug');
    ({ origin } = sais);
    operator = await sais.account(['operator']);
  });

  afterAll(async () => {
    await sais?.close();
  });

  async function fillCreate(page: Page, language: 'en' | 'zh-CN', title: string, slug: string) {
    await page.goto(`${origin}/console/#/competitions/create`);
    await page.locator('input[name="title.zh-CN"]').fill(`${title}（中文）`);
    await page.locator('input[name="title.en"]').fill(title);
    await page.locator('textarea[name="description.zh-CN"]').first().fill('描述');
    await page.locator('textarea[name="description.en"]').first().fill('A description');
    await page.getByRole('combobox', { name: words[language].type }).click();
    await page.getByRole('option', { name: words[language].algorithm }).click();
    await page.locator('input[name="season"]').fill('2027');
    if (slug) await page.locator('input[name="slug"]').fill(slug);
  }

  async function save(page: Page, language: 'en' | 'zh-CN') {
    await page.getByRole('button', { name: words[language].save }).first().click();
  }

  for (const language of ['en', 'zh-CN'] as const)
    it(`is set once, unique and shown (${language})`, async () => {
      const { context, page } = await sais.browse(operator, language === 'en' ? 'en' : undefined);
      await page.setViewportSize({ width: 1366, height: 900 });
      const slug = language === 'en' ? 'catalyst-yield' : 'soil-carbon';
      try {
        // A malformed short name is refused in the form, with the catalogue's rule.
        await fillCreate(page, language, language === 'en' ? 'Catalyst yield' : 'Soil carbon', 'Bad Slug');
        await save(page, language);
        await page.getByText(messages.competitionSlugInvalid[language]).waitFor();
        expect(page.url()).toMatch(/#\/competitions\/create$/);

        // Typed (en), or left empty and taken from the English title (zh-CN).
        if (language === 'en') await page.locator('input[name="slug"]').fill(slug);
        else await page.locator('input[name="slug"]').fill('');
        await save(page, language);
        await page.waitForURL(/#\/competitions\/[0-9a-f-]{36}$/);
        const competitionId = /competitions\/([0-9a-f-]{36})/.exec(page.url())![1]!;

        // Shown on its page, labelled as fixed, and not an input there.
        const shown = page.getByTestId('competition-slug');
        await expect.poll(() => shown.textContent()).toBe(slug);
        await expect.poll(() => page.getByText(words[language].fixed, { exact: true }).count()).toBe(1);
        await expect.poll(() => page.locator('input[name="slug"]').count()).toBe(0);
        await page.screenshot({ path: `${shots}competition-slug-${language}.png` });

        // The settings saved from that page keep it; the API takes no new slug either.
        await page.locator('input[name="season"]').fill('2028');
        await save(page, language);
        await expect
          .poll(
            async () =>
              (await sais.api<{ season: string }>(operator, `/api/race/bySlug?slug=${slug}`)).body.data
                .season,
          )
          .toBe('2028');
        // Saving leads to the list; back on the competition's page the slug is unchanged.
        await page.goto(`${origin}/console/#/competitions/${competitionId}`);
        await expect.poll(() => shown.textContent()).toBe(slug);
        await sais.api(operator, `/api/admin/competitions/${competitionId}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ slug: 'another-name' }),
        });
        const detail = await sais.api<{ slug: string }>(operator, `/api/race/bySlug?slug=${slug}`);
        expect(detail.body.data.slug).toBe(slug);

        // In the list, under its own heading.
        await page.goto(`${origin}/console/#/competitions`);
        const row = page.locator('tr', { has: page.getByTestId('competition-slug').getByText(slug) });
        await row.waitFor();
        await expect(
          page.getByRole('columnheader', { name: words[language].shown, exact: true }).count(),
        ).resolves.toBe(1);
        await page.screenshot({ path: `${shots}competition-list-slugs-${language}.png` });

        // A second competition cannot take it: the server's answer, in the reader's language.
        await fillCreate(page, language, 'Another one', slug);
        await save(page, language);
        await page.getByText(messages.slugTaken[language]).waitFor();
        expect(page.url()).toMatch(/#\/competitions\/create$/);
      } catch (error) {
        throw await explained(page, error, `slug-${language}`);
      } finally {
        await context.close();
      }
    });
});
