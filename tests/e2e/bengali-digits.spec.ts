/**
 * Bengali numbers and times everywhere (issue #33 item 1): every screen, the
 * printed ticket and the report screens, rendered in Bengali against the real
 * server, show no Latin digit and no AM/PM. Codes keep their Latin digits:
 * words with a Latin letter (PNRs, coaches, seats, vouchers), mobile numbers,
 * and elements marked data-code (src/test/latin-digits.ts says what passes).
 */
import { expect, test, type Page } from '@playwright/test';
import { latinNumberLeaks } from '../../src/test/latin-digits';
import { sellTicket } from './records-helpers';
import { openTrip, pickFreeSeat } from './reservation-helpers';
import { installFakeShell, printJobs } from './support/fake-shell';
import { DEMO, signIn } from './support/session';
import { makeTicket, type ApiTicket } from './support/tickets';

/** The text a person sees on the page now: visible text nodes, without the data-code elements. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[data-code], script, style, svg')) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      parts.push(node.textContent ?? '');
    }
    return parts.join(' ');
  });
}

/** Fails with the offending words and where they were. */
async function expectBengaliNumbers(page: Page, where: string): Promise<void> {
  const text = await visibleText(page);
  expect(text.length, `${where} shows text`).toBeGreaterThan(0);
  const leaks = latinNumberLeaks(text).map((word) => {
    const at =
      new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').exec(text)
        ?.index ?? 0;
    return `${word} in "${text.slice(Math.max(0, at - 40), at + word.length + 40)}"`;
  });
  expect(leaks, `${where}: Latin digits or AM/PM`).toEqual([]);
}

async function toBengali(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
}

let sold: ApiTicket;
let booked: ApiTicket;

test.beforeAll(async ({ request }) => {
  sold = await sellTicket(request);
  booked = await makeTicket(request, {
    kind: 'BOOK',
    count: 1,
    days: [5, 6, 7, 8],
    passenger: { name: 'Bengali Booking', phone: '01711223344' },
  });
});

test.beforeEach(async ({ context }) => {
  await installFakeShell(context);
});

test('the selling screen, trip list and seat map read Bengali numbers and times', async ({ page }) => {
  await signIn(page, DEMO.agent);
  await openTrip(page, { days: 2, from: 'Dhaka', to: 'Chattogram', coach: 'P-' });
  await pickFreeSeat(page);
  await toBengali(page);
  await expect(page.getByRole('timer')).toBeVisible();
  await expectBengaliNumbers(page, 'reservation');
  await page.screenshot({ path: test.info().outputPath('reservation-bn.png'), fullPage: true });
});

test('ticket operations, the extend picker and the printed ticket read Bengali numbers and times', async ({ page }) => {
  await signIn(page, DEMO.agent);
  await toBengali(page);
  await page.goto('/ticket-operation');
  const lookUp = async (ticket: ApiTicket) => {
    await page.getByLabel('পিএনআর', { exact: true }).fill(ticket.pnr);
    await page.getByLabel('পিন', { exact: true }).fill(ticket.pin);
    await page.getByLabel('পিন', { exact: true }).press('Enter');
    await expect(page.getByText(ticket.pnr).first()).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
  };
  await lookUp(booked);
  await expectBengaliNumbers(page, 'ticket operation (booked)');
  await page.getByRole('button', { name: 'বুকিংয়ের সময় বাড়ান' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectBengaliNumbers(page, 'extend dialog');
  // The picker takes the displays' convention: the part of the day before a 12-hour time.
  await expect(dialog.getByRole('textbox')).toHaveValue(/^\d{4}-\d{2}-\d{2} (রাত|সকাল|দুপুর|বিকাল|সন্ধ্যা) \d{1,2}:\d{2}$/);
  await page.screenshot({ path: test.info().outputPath('extend-bn.png') });
  await page.keyboard.press('Escape');

  await page.getByLabel('পিএনআর', { exact: true }).fill('');
  await lookUp(sold);
  await expectBengaliNumbers(page, 'ticket operation (sold)');
  await page.getByRole('button', { name: 'টিকিট প্রিন্ট করুন' }).click();
  await expect.poll(() => printJobs(page).then((jobs) => jobs.length)).toBe(1);
  const [job] = await printJobs(page);
  // The printed ticket, as the printer gets it.
  await page.setContent(job!.html);
  await expectBengaliNumbers(page, 'printed ticket');
  await page.screenshot({ path: test.info().outputPath('ticket-bn.png'), fullPage: true });
});

const SCREENS = [
  '/',
  '/profile',
  '/settings',
  '/change-password',
  '/deposit',
  '/transaction',
  '/commission',
  '/extra-weight-charge',
  '/extra-weight-return',
  '/print-unprinted-ticket',
];

test('the home, profile, settings and money screens read Bengali numbers and dates', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.agent);
  await toBengali(page);
  for (const path of SCREENS) {
    await page.goto(path);
    // The lists and totals have come in once no request is pending.
    await page.waitForLoadState('networkidle');
    await expectBengaliNumbers(page, path);
  }
});

const REPORTS = [
  'sales-summary',
  'sales-details',
  'outlet-sales',
  'outlet-date-range-sales',
  'outlet-details-sales-date-range',
  'omitted-trips-reservation-details',
  'agent-reservation-details',
  'agent-reservation-history',
];

test('every report screen reads Bengali numbers and dates once run', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.agent);
  await toBengali(page);
  for (const path of REPORTS) {
    await page.goto(`/report/${path}`);
    await page.getByRole('button', { name: 'চালান' }).click();
    await expect(page.getByRole('table').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectBengaliNumbers(page, `report ${path}`);
    if (path === 'sales-details')
      await page.screenshot({ path: test.info().outputPath('report-bn.png'), fullPage: true });
  }
});

test('the password banner and the OTP countdown count in Bengali', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('agent-portal.language', 'bn'));
  await page.goto('/forgot-password');
  await page.getByLabel('ব্যবহারকারী নাম').fill(DEMO.postpaid.username);
  await page.getByRole('button', { name: 'ওটিপি পাঠান' }).click();
  await expect(page.getByText(/সেকেন্ড পরে আবার ওটিপি পাঠাতে পারবেন/)).toBeVisible();
  await expectBengaliNumbers(page, 'forgot password');

  await page.goto('/login');
  await page.getByLabel('ব্যবহারকারী নাম').fill(DEMO.expiring.username);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(DEMO.expiring.password);
  await page.getByRole('button', { name: 'সাইন ইন' }).click();
  await expect(page.getByText(/দিনের মধ্যে শেষ হবে/)).toBeVisible({ timeout: 30_000 });
  await expectBengaliNumbers(page, 'home with the password banner');
});
