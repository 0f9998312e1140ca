export { chromiumPath, launchChromium } from '../../../infra/test/browser.ts';
