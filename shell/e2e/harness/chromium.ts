/**
 * Debian's Chromium, never a downloaded browser (no network for `playwright install`), with the
 * flags it needs here: no sandbox (these machines run as root) and no background traffic.
 * Playwright's config and the bench's frontend timings launch it the same way.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
