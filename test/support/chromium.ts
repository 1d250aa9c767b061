import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, which the browser tests drive through playwright-core (`executablePath`;
 * Playwright's own browser download is not used). `MONOTABLE_CHROMIUM` names another binary.
 */
export const chromiumPath: string | undefined = [
  process.env.MONOTABLE_CHROMIUM,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
]
  .filter((path): path is string => Boolean(path))
  .find((path) => existsSync(path));

/** Appended to the title of a browser test, so a skipped run says why and how to enable it. */
export const chromiumSkipNote = chromiumPath
  ? ''
  : ' (skipped: needs Chromium: apt-get install chromium, or set MONOTABLE_CHROMIUM to a Chromium binary)';

/** In CI, where `.ci/run` installs Chromium, a missing browser is an error rather than a skip. */
export function requireChromium(suite: string): void {
  if (chromiumPath) return;
  const message = `Skipping ${suite}: Chromium not found (Debian: apt-get install chromium)`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(message);
}
