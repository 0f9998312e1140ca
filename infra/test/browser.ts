/**
 * Debian's Chromium, driven by playwright-core (no browser download): what the portal's and the console's
 * browser tests run in. CHROMIUM_PATH points at another build.
 */
import { type Browser, chromium } from 'playwright-core';

/**
 * How long a browser test waits for a page to show what it expects (Playwright's actions and locator
 * waits, `setDefaultTimeout`). A wait ends as soon as the thing is there; the bound only says when to give
 * up. Generous: in `npm test` two files run at a time on 2 cores, each with its platform and Chromium, and
 * a page drawn in 1 s on an idle machine has taken over 10 s beside another file.
 */
export const browserWaitMs = 30_000;

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
