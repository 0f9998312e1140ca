import type { Page } from 'playwright-core';

/**
 * Proper nouns and technical names that read the same in Chinese text (the zh-CN walk's allow-list):
 * metric and format names, data columns, the command-line client's name.
 */
export const allowedLatinWords: ReadonlySet<string> = new Set([
  'AI',
  'R²',
  'RMSE',
  'MAE',
  'AUC',
  'F1',
  'TS',
  'siRNA',
  'CSV',
  'ID',
  'SHA',
  'Ed25519',
  'WebCrypto',
  'id',
  'yield',
  'app',
  'saisdata',
  'sais', // the command-line client's name
  'saisresult',
  'MB',
  'KB',
  'GB',
  'B',
  'OK',
  'RMB',
  'UTC',
]);

/**
 * Words of Latin letters on `target` that are neither allowed nor part of a name (file, user, address,
 * digest): untranslated English on a zh-CN page (or in the elements `selector` finds). Code (`<code>`,
 * `<pre>`, `<kbd>`) is not prose: left out.
 */
export async function englishOn(target: Page, selector = 'body'): Promise<string[]> {
  const text = await target.evaluate((within) => {
    const parts = [...document.querySelectorAll<HTMLElement>(within)];
    return parts
      .map((part) =>
        // Longest first, so a short code (`id`) does not cut a longer one (`humidity`) in two.
        [...part.querySelectorAll<HTMLElement>('code, pre, kbd')]
          .map((code) => code.innerText)
          .sort((a, b) => b.length - a.length)
          .reduce((rest, code) => rest.split(code).join(' '), part.innerText),
      )
      .join('\n');
  }, selector);
  return text
    .split(/[\s,;:()（），；：、。“”"'|·]+/)
    .filter((token) => /[A-Za-z]{2,}/.test(token))
    .filter((token) => !/\.[A-Za-z0-9]+$/.test(token)) // file names: train.csv, README.md
    .filter((token) => !/[0-9@/_+]/.test(token)) // user names, addresses, paths, keys, digests
    .map((token) => token.replace(/^[^A-Za-z²]+|[^A-Za-z0-9²]+$/g, ''))
    .filter((token) => token && !allowedLatinWords.has(token));
}
