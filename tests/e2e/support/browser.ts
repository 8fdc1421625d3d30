import { existsSync } from 'node:fs';

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH, else the system's
 * (Debian's /usr/bin/chromium on our machines), else Playwright's own browser
 * if a developer installed one. We never download a browser.
 */
export function chromiumExecutable(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ];
  return candidates.find((path): path is string => !!path && existsSync(path));
}

/** Flags for a quiet headless Chromium on a machine without internet access. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
