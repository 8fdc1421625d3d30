/**
 * Screenshot tours, for a person to look at: `SCREENSHOTS=/some/dir npx
 * playwright test --grep @screenshots`. They assert little, so `npm test`
 * leaves them out (playwright.config.ts drops the tag unless SCREENSHOTS is
 * set) instead of running them as tests that skip themselves.
 */
export const SCREENSHOT_TOUR = { tag: '@screenshots' };
export const screenshotsDir = process.env.SCREENSHOTS ?? 'test-results/screenshots';
