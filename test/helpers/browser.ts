// The page tests' browser: Debian's Chromium in its headless shell (package
// `chromium-headless-shell`: the same source, Blink and V8 as `chromium`, and the binary Playwright
// itself runs for headless Chromium). On this 2-core machine a browser context costs about 0.15 s of
// CPU there against 0.5 s in the full browser's headless mode, and the page tests open hundreds of
// contexts: the shell took the suite's browser CPU from about 300 s to about 100 s. Where only the
// full browser is installed, the tests drive it.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

const SHELL = '/usr/bin/chromium-headless-shell';

export const BROWSER_PATH = existsSync(SHELL) ? SHELL : '/usr/bin/chromium';

export function launchBrowser(args: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: BROWSER_PATH, args: ['--no-sandbox', ...args] });
}
