export { browserWaitMs, chromiumPath, launchChromium } from '../../../infra/test/browser.ts';
