// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { Markdown } from '@sais/web-shared';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * A write-up's body as the portal renders it (decision 0047: web-shared's Markdown, no raw HTML): for any
 * text, built from Markdown and HTML pieces that try to run script, the rendered DOM has no element that
 * runs or embeds anything, no event-handler attribute, and no `javascript:`, `vbscript:` or `data:`
 * address. The Chromium test (writeups.e2e) shows the same attempts do not run in a real browser.
 */
const pieces = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<div onclick="alert(1)">x</div>',
  '<object data="x"></object>',
  '<embed src="x">',
  '<style>body{}</style>',
  '[link](javascript:alert(1))',
  '[link](JaVaScRiPt:alert(1))',
  '[link]( javascript:alert(1))',
  '[link](vbscript:msgbox(1))',
  '[link](data:text/html,<script>alert(1)</script>)',
  '![img](javascript:alert(1))',
  '![img](x "onerror=alert(1)")',
  '[ref]: javascript:alert(1)\n\n[ref]',
  '<javascript:alert(1)>',
  '# heading',
  '**bold**',
  '`code`',
  '```html\n<script>alert(1)</script>\n```',
  '| a | b |\n|---|---|\n| <b onmouseover=alert(1)>x</b> | y |',
  '> quote',
  '- item',
  '\n\n',
  ' ',
];

function unsafeParts(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'object',
        'embed',
        'style',
        'svg',
        'frame',
        'base',
        'form',
        'meta',
        'link',
      ].includes(tag)
    )
      found.push(`<${tag}>`);
    for (const attribute of element.getAttributeNames()) {
      if (attribute.toLowerCase().startsWith('on')) found.push(`${tag}[${attribute}]`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute)) {
        const value = (element.getAttribute(attribute) ?? '').replace(/\s/g, '').toLowerCase();
        if (/^(javascript|vbscript|data):/.test(value)) found.push(`${tag}[${attribute}=${value}]`);
      }
    }
  }
  return found;
}

describe('a write-up’s Markdown, rendered', () => {
  afterEach(cleanup);

  it('renders Markdown and shows raw HTML as text', () => {
    const { container } = render(<Markdown>{'# Method\n\n**x** <script>alert(1)</script>'}</Markdown>);
    expect(container.querySelector('h3')?.textContent).toBe('Method');
    expect(container.querySelector('strong')?.textContent).toBe('x');
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(unsafeParts(container)).toEqual([]);
    // The check itself finds what it looks for, in markup that was parsed as HTML.
    const parsed = document.createElement('div');
    parsed.innerHTML = '<a href=" JavaScript:x" onclick="y">a</a><iframe></iframe>';
    expect(unsafeParts(parsed)).toEqual(['a[href=javascript:x]', 'a[onclick]', '<iframe>']);
  });

  it('for any text of Markdown and HTML pieces: nothing that runs, embeds or points at script', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 20 })), { maxLength: 12 }),
        fc.constantFrom('\n\n', '\n', ' ', ''),
        (parts, joiner) => {
          const { container, unmount } = render(<Markdown>{parts.join(joiner)}</Markdown>);
          try {
            expect(unsafeParts(container)).toEqual([]);
          } finally {
            unmount();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
