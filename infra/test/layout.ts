/**
 * Issue 35 (point 4, layout): what the portal's and the console's layout checks look for on a page with
 * tables. At 1366 and 1440 px no column header and no short cell may break inside a word or between the
 * characters of a short phrase (名/次, 日/志), and the page may not scroll sideways.
 */
import type { Page } from 'playwright-core';

/**
 * Header cells and short cells laid out on more than one line, a table wider than the box it sits in,
 * and a page scrolling sideways, each in words. A short cell is one text of at most 16 characters, or a
 * time however long its date reads ("2027年5月11日 23:59 GMT+8": a `<time>` element, the console's
 * `zoned-time`, or a cell of a date and time alone), or a chip (a status).
 */
export async function badLayout(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Lines of the cell's own text: the tops of its text nodes' boxes (icons and sort arrows left out),
    // one line being those within half a line's height of each other.
    const lines = (element: Element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const boxes: DOMRect[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        boxes.push(...[...range.getClientRects()].filter((box) => box.width > 0));
      }
      const tops: number[] = [];
      for (const box of boxes.sort((a, b) => a.top - b.top))
        if (!tops.some((top) => Math.abs(top - box.top) < box.height / 2)) tops.push(box.top);
      return tops.length;
    };
    const found: string[] = [];
    for (const cell of document.querySelectorAll('th, td')) {
      const text = (cell as HTMLElement).innerText.trim();
      if (!text || text.includes('\n')) continue;
      const header = cell.tagName === 'TH';
      const only = (selector: string) => {
        const inner = cell.querySelector(selector) as HTMLElement | null;
        return inner !== null && inner.innerText.trim() === text;
      };
      // A date: a `<time>`, the console's zoned time, or a cell whose whole text reads as a date and time
      // ("2026-11-29 09:36:27 GMT+8", "2027年5月11日 23:59"), however it is marked up.
      const date =
        only('time, [data-testid="zoned-time"]') ||
        /^(\d{4}-\d\d-\d\d|\d{4}年\d{1,2}月\d{1,2}日)[ T]?\d{1,2}:\d\d/.test(text);
      const kind = header ? 'header' : date ? 'time' : only('.MuiChip-root') ? 'chip' : 'cell';
      if (kind === 'cell' && text.length > 16) continue;
      const count = lines(cell);
      if (count > 1) found.push(`${kind} "${text}" on ${count} lines`);
    }
    // A table reaching past the box it sits in (over the page's margin): the page may not scroll yet, but
    // the table is too wide for its place.
    for (const table of document.querySelectorAll('table')) {
      const box = table.parentElement!;
      const head = (table.querySelector('th') as HTMLElement | null)?.innerText.trim() ?? '';
      if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) {
        // One that has its own scroll container may scroll in it, but not at these widths.
        if (box.scrollWidth > box.clientWidth + 1)
          found.push(`the table headed "${head}" scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`);
        continue;
      }
      const wide = table.getBoundingClientRect().width;
      if (wide > box.clientWidth + 1)
        found.push(
          `the table headed "${head}" is wider than its place (${Math.round(wide)} > ${box.clientWidth})`,
        );
    }
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth + 1) {
      // What makes it: the innermost elements wider than the box they sit in.
      const wider = [...document.body.querySelectorAll('*')].filter((element) => {
        const box = element.parentElement;
        if (!box || ['auto', 'scroll', 'hidden'].includes(getComputedStyle(box).overflowX)) return false;
        return element.getBoundingClientRect().width > box.clientWidth + 1 && box.clientWidth > 0;
      });
      const culprits = wider
        .filter((element) => !wider.some((other) => other !== element && element.contains(other)))
        .slice(0, 3)
        .map((element) => {
          const id = element.getAttribute('data-testid') ?? element.className.toString().split(' ')[0];
          const text = (element as HTMLElement).innerText?.trim().slice(0, 40) ?? '';
          const wide = Math.round(element.getBoundingClientRect().width);
          return `${element.tagName.toLowerCase()}${id ? `.${id}` : ''} (${wide} px) "${text}"`;
        });
      found.push(
        `the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth}): ${culprits.join(', ')}`,
      );
    }
    return found;
  });
}
