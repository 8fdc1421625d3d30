import { expect, test, type Page } from '@playwright/test';
import { sellTicket } from './records-helpers';
import { installFakeShell, printJobs } from './support/fake-shell';
import { SCREENSHOT_TOUR, screenshotsDir as dir } from './support/screenshots';
import { DEMO, signIn } from './support/session';

/**
 * Screenshots of the records screens at desk and phone widths, in English and
 * Bengali, for a person to look at (a screenshot tour: SCREENSHOTS=dir).
 */

const PAGES = [
  '/deposit',
  '/transaction',
  '/commission',
  '/extra-weight-charge',
  '/extra-weight-return',
  '/print-unprinted-ticket',
];

async function setLanguage(page: Page, bn: boolean) {
  await page.evaluate((language) => localStorage.setItem('agent-portal.language', language), bn ? 'bn' : 'en');
}

for (const width of [1280, 390]) {
  for (const language of ['en', 'bn'] as const) {
    test(`records screens at ${width} px in ${language}`, SCREENSHOT_TOUR, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, DEMO.agent);
      await setLanguage(page, language === 'bn');
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('status', { name: language === 'bn' ? 'অ্যাকাউন্ট' : 'Account' })).toContainText(
          language === 'bn' ? '৳' : '৳',
        );
        await page.waitForTimeout(800);
        await page.screenshot({ path: `${dir}/${path.slice(1)}-${width}-${language}.png`, fullPage: true });
      }
    });
  }
}

for (const width of [1280, 390]) {
  for (const language of ['en', 'bn'] as const) {
    test(`extra weight charge with a result and its receipt at ${width} px in ${language}`, async ({
      page,
      request,
    }) => {
      const ticket = await sellTicket(request);
      await installFakeShell(page);
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, DEMO.agent);
      await setLanguage(page, language === 'bn');
      await page.goto('/extra-weight-charge');
      await page.locator('input').nth(0).fill(ticket.pnr);
      await page.locator('input[type=password]').fill(ticket.pin);
      await page.locator('form button[type=submit]').first().click();
      await expect(page.getByRole('group', { name: language === 'bn' ? 'টিকিট' : 'Ticket' })).toContainText(ticket.pnr);
      const form = page.locator('form').nth(1);
      await form.locator('input').nth(0).fill('175');
      await form
        .locator('input')
        .nth(1)
        .fill(language === 'bn' ? '২টি ব্যাগ, ৩৫ কেজি' : '2 bags, 35 kg');
      await form.locator('button[type=submit]').click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/extra-weight-review-${width}-${language}.png` });
      await page.getByRole('dialog').locator('.ant-btn-primary').click();
      const result = page.getByRole('region', {
        name: language === 'bn' ? /^অতিরিক্ত ওজন \w+-এর চার্জ নেওয়া হয়েছে$/ : /^Extra weight \w+ charged$/,
      });
      await expect(result).toBeVisible();
      await result.locator('.ant-btn-primary').click();
      await expect.poll(async () => (await printJobs(page)).length).toBe(1);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/extra-weight-result-${width}-${language}.png`, fullPage: true });
      if (width === 1280) {
        const html = (await printJobs(page))[0]!.html;
        await page.setContent(html);
        await page.screenshot({ path: `${dir}/extra-weight-receipt-${language}.png`, fullPage: true });
      }
    });
  }
}
