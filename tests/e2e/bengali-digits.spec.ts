/**
 * Bengali numbers and times everywhere (issue #33 item 1): every screen, the
 * printed ticket and the report screens, rendered in Bengali against the real
 * server, show no Latin digit and no AM/PM. Codes keep their Latin digits:
 * words with a Latin letter (PNRs, coaches, seats, vouchers), mobile numbers,
 * and elements marked data-code (src/test/latin-digits.ts says what passes).
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { latinNumberLeaks } from '../../src/test/latin-digits';
import { sellTicket } from './records-helpers';
import { openTrip, pickFreeSeat } from './reservation-helpers';
import { installFakeShell, printJobs } from './support/fake-shell';
import { DEMO, signIn } from './support/session';
import { REPORT_PATHS } from './reports-helpers';
import { api, makeTicket, type ApiTicket } from './support/tickets';

/** The text a person sees on the page now: visible text nodes, without the data-code elements. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    /**
     * Inside a box of no width or height that hides its overflow: antd's list for screen readers beside an open
     * select, whose options read their labels (aria-label) but hold the option's value (a city id) as text.
     */
    const clippedAway = (element: Element): boolean => {
      for (let e: Element | null = element; e && e !== document.body; e = e.parentElement) {
        const box = e.getBoundingClientRect();
        if ((box.width === 0 || box.height === 0) && getComputedStyle(e).overflow !== 'visible') return true;
      }
      return false;
    };
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // A chart's labels are svg text and are scanned too; icons are svg without text.
      if (!parent || parent.closest('[data-code], script, style, title')) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (clippedAway(parent)) continue;
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

/** Every select list and calendar open now, and its text scanned (the page's own text is scanned with it). */
async function expectOpenPickers(page: Page, where: string): Promise<void> {
  await expect(page.locator('.ant-select-dropdown:visible, .ant-picker-dropdown:visible').first()).toBeVisible();
  await expectBengaliNumbers(page, where);
  await page.keyboard.press('Escape');
}

/** The next print job's HTML, as the printer gets it, scanned on a page of its own. */
async function expectPrintedBengali(page: Page, before: number, where: string, shot: string): Promise<void> {
  await expect.poll(() => printJobs(page).then((jobs) => jobs.length)).toBe(before + 1);
  const job = (await printJobs(page)).at(-1)!;
  await page.setContent(job.html);
  await expectBengaliNumbers(page, where);
  await page.screenshot({ path: test.info().outputPath(shot), fullPage: true });
}

let sold: ApiTicket;
let booked: ApiTicket;
/** Sold and then cancelled through the API, so its history holds the server's fine remark. */
let cancelled: ApiTicket;

test.beforeAll(async ({ request }) => {
  sold = await sellTicket(request);
  booked = await makeTicket(request, {
    kind: 'BOOK',
    count: 1,
    days: [5, 6, 7, 8],
    passenger: { name: 'Bengali Booking', phone: '01711223344' },
  });
  cancelled = await sellTicket(request);
  const { token } = await api<{ token: string }>(request, null, 'POST', '/api/login', DEMO.agent);
  const quote = await api<{ returnAmount: number }>(request, token, 'POST', '/api/reservation/byPnrAndPin', {
    pnr: cancelled.pnr,
    pin: cancelled.pin,
  });
  await api(request, token, 'POST', '/api/reservation/ticketOperation', {
    pnr: cancelled.pnr,
    pin: cancelled.pin,
    action: 2,
    returnAmount: quote.returnAmount,
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
  test.setTimeout(120_000);
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

  // A cancelled ticket's history: the server's fine remark in Bengali.
  await page.getByLabel('পিএনআর', { exact: true }).fill('');
  await lookUp(cancelled);
  await expect(page.getByRole('table', { name: 'ইতিহাস' })).toContainText('জরিমানা');
  await expectBengaliNumbers(page, 'ticket operation (cancelled, its history)');

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

test('the open pickers, the sale preview and the sale result read Bengali numbers', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.agent);
  await openTrip(page, { days: 3, from: 'Dhaka', to: 'Chattogram', coach: 'P-' });
  await pickFreeSeat(page);
  await toBengali(page);
  const search = page.getByRole('form').first();
  // A calendar and a select list, open.
  await search.locator('.ant-picker').first().click();
  await expectOpenPickers(page, 'the trip date calendar');
  await search.getByRole('combobox').nth(0).click();
  await expectOpenPickers(page, 'the origin list');

  await page.getByLabel('ফোন', { exact: true }).fill('01711998877');
  await page.getByLabel('নাম', { exact: true }).fill('Bengali Sale');
  await page.getByRole('button', { name: /^বিক্রি/ }).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'নিশ্চিত করে বিক্রি' });
  await expect(confirm).toBeEnabled();
  await expectBengaliNumbers(page, 'sale preview');
  await page.screenshot({ path: test.info().outputPath('preview-bn.png') });
  await confirm.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The result panel says the sale went through (a sale has no toast of its own).
  await expect(page.getByRole('region', { name: 'টিকিট বিক্রি হয়েছে' })).toBeVisible();
  await expectBengaliNumbers(page, 'sale result');
  await page.screenshot({ path: test.info().outputPath('sale-result-bn.png'), fullPage: true });
});

test('extra weight: the ticket found, the review, the result, its message and the receipt read Bengali numbers', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ticket = await sellTicket(request);
  await signIn(page, DEMO.agent);
  await toBengali(page);
  await page.goto('/extra-weight-charge');
  await page.getByLabel('পিএনআর', { exact: true }).fill(ticket.pnr);
  await page.getByLabel('পিন', { exact: true }).fill(ticket.pin);
  await page.getByRole('button', { name: 'খুঁজুন', exact: true }).click();
  const form = page.getByRole('form', { name: 'অতিরিক্ত ওজনের চার্জ নিন' });
  await expect(form).toBeVisible();
  await expectBengaliNumbers(page, 'extra weight: the ticket found');
  await form.getByLabel('পরিমাণ', { exact: true }).fill('175');
  await form.getByLabel('বিবরণ', { exact: true }).fill('দুটি ব্যাগ');
  await form.getByRole('button', { name: 'যাচাই করুন' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectBengaliNumbers(page, 'extra weight: the review');
  await dialog.getByRole('button', { name: 'চার্জ নিন' }).click();
  const result = page.getByRole('region', { name: /অতিরিক্ত ওজন .+-এর চার্জ নেওয়া হয়েছে/ });
  await expect(result).toBeVisible();
  await expectBengaliNumbers(page, 'extra weight: the result and its message');
  const before = (await printJobs(page)).length;
  await result.getByRole('button', { name: 'রসিদ প্রিন্ট করুন' }).click();
  await expectPrintedBengali(page, before, 'extra weight receipt', 'extra-weight-receipt-bn.png');
});

test('a deposit request: its confirmation, its message and the receipt printed from it read Bengali numbers', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.agent);
  await toBengali(page);
  await page.goto('/deposit');
  const form = page.getByRole('form').first();
  await form.getByLabel('পরিমাণ', { exact: true }).fill('1234.50');
  await form.getByLabel('পরিমাণ নিশ্চিত করুন').fill('1234.50');
  await form.getByLabel('রেফারেন্স নম্বর').fill(`BN-${Date.now()}`);
  await form.getByLabel('বিবরণ').fill('ব্যাংকে নগদ জমা');
  await form.getByRole('button', { name: 'ডিপোজিটের অনুরোধ পাঠান' }).click();
  const print = page.getByRole('button', { name: 'রসিদ প্রিন্ট করুন', exact: true });
  await expect(print).toBeVisible();
  await expectBengaliNumbers(page, 'deposit confirmation and its message');
  const before = (await printJobs(page)).length;
  await print.click();
  await expectPrintedBengali(page, before, 'deposit receipt', 'deposit-receipt-bn.png');
});

/**
 * Resolves once no request but the live stream has been pending for half a second: the lists and totals have come
 * in. Playwright's 'networkidle' never comes while the portal's live stream (GET /api/live/stream) stays open.
 */
function trackRequests(page: Page) {
  const pending = new Set<Request>();
  const isStream = (r: Request) => new URL(r.url()).pathname === '/api/live/stream';
  page.on('request', (r) => void (isStream(r) || pending.add(r)));
  page.on('requestfinished', (r) => void pending.delete(r));
  page.on('requestfailed', (r) => void pending.delete(r));
  return {
    async settled(): Promise<void> {
      let quietSince = Date.now();
      await expect
        .poll(
          () => {
            if (pending.size > 0) quietSince = Date.now();
            return Date.now() - quietSince >= 500;
          },
          { timeout: 60_000, intervals: [100] },
        )
        .toBe(true);
    },
  };
}

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
  // Ten screens one after another: room for a machine busy with other work.
  test.setTimeout(300_000);
  const requests = trackRequests(page);
  await signIn(page, DEMO.agent);
  await toBengali(page);
  for (const path of SCREENS) {
    await page.goto(path);
    await requests.settled();
    await expectBengaliNumbers(page, path);
  }
});

test('every report screen reads Bengali numbers and dates once run', async ({ page }) => {
  test.setTimeout(420_000);
  const requests = trackRequests(page);
  await signIn(page, DEMO.agent);
  await toBengali(page);
  for (const path of REPORT_PATHS) {
    await page.goto(`/report/${path}`);
    await page.getByRole('button', { name: 'চালান' }).click();
    await expect(page.getByRole('table').first()).toBeVisible();
    await requests.settled();
    await expectBengaliNumbers(page, `report ${path}`);
    if (path === 'sales-details') {
      await page.screenshot({ path: test.info().outputPath('report-bn.png'), fullPage: true });
      // The Bengali PDF of the same report, kept to be looked at (the server's tests scan the files' text).
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'পিডিএফ ডাউনলোড' }).click(),
      ]);
      await file.saveAs(test.info().outputPath('report-bn.pdf'));
    }
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
