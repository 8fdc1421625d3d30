import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { dhakaDate, sellTicketOn, type SoldTicket } from './reports-helpers';
import { E2E_BASE_URL } from './support/env';
import { installFakeShell, printJobs } from './support/fake-shell';
import { operator } from './support/operator';
import { DEMO, signIn } from './support/session';

/**
 * The eight reports (issue #6) against the real server: two tickets are sold
 * through the HTTP API first (one today, one on a trip that is then omitted),
 * then every report runs, shows them and downloads as PDF and XLSX.
 */

let today: SoldTicket;
let omitted: SoldTicket;

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  today = await sellTicketOn(request, [4, 5, 6, 7]);
  // Far ahead, so omitting its trip leaves the trips other specs sell on alone.
  omitted = await sellTicketOn(request, [12, 13, 11, 10]);
  expect(operator('trip', 'omit', String(omitted.tripId))).toContain('OMITTED');
  await request.dispose();
});

interface ReportCase {
  path: string;
  /** The report's name in its file names (the server's Content-Disposition names). */
  file: string;
  title: string;
  /** What the rows must show for the tickets sold above. */
  expects: () => string[];
  chart?: string;
}

const REPORTS: ReportCase[] = [
  {
    path: 'sales-summary',
    file: 'userSalesSummary',
    title: 'Sales summary',
    expects: () => [dayLabel(dhakaDate())],
    chart: 'Net fare per day',
  },
  { path: 'sales-details', file: 'userSalesDetails', title: 'Sales details', expects: () => [today.pnr, 'Sale'] },
  {
    path: 'outlet-sales',
    file: 'outletSales',
    title: 'Outlet sales',
    expects: () => ['Motijheel Counter', 'agent'],
    chart: 'Net fare per outlet and user',
  },
  {
    path: 'outlet-date-range-sales',
    file: 'outletSalesByDateRange',
    title: 'Outlet sales by date range',
    expects: () => [dayLabel(dhakaDate())],
    chart: 'Net fare per day',
  },
  {
    path: 'outlet-details-sales-date-range',
    file: 'outletSalesDetails',
    title: 'Outlet sales details by date range',
    expects: () => [today.pnr, omitted.pnr],
  },
  {
    path: 'omitted-trips-reservation-details',
    file: 'omittedTripsReservationDetails',
    title: 'Omitted trips reservation details',
    expects: () => [omitted.pnr, 'Omitted'],
  },
  {
    path: 'agent-reservation-details',
    file: 'reservationDetails',
    title: 'Reservation details',
    expects: () => [today.pnr, 'Report Passenger'],
  },
  {
    path: 'agent-reservation-history',
    file: 'reservationHistory',
    title: 'Reservation history',
    expects: () => [today.pnr],
  },
];

/** The table's date format ('MMM DD, YYYY': years in full). */
function dayLabel(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${month} ${String(d).padStart(2, '0')}, ${y}`;
}

async function download(page: Page, button: string, ext: 'pdf' | 'xlsx', name = '[A-Za-z]+'): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.${ext}$`));
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, ext === 'pdf' ? 4 : 2).toString('latin1')).toBe(ext === 'pdf' ? '%PDF' : 'PK');
  return bytes;
}

/** Every cell text of a workbook's first sheet. */
async function xlsxTexts(bytes: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const texts: string[] = [];
  workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => texts.push(cell.text)));
  return texts.join('\n');
}

const table = (page: Page, title: string) => page.getByRole('table', { name: title, exact: true });
const rows = (page: Page, title: string) => table(page, title).locator('tbody tr.ant-table-row');

for (const report of REPORTS) {
  test(`${report.title}: runs, shows the sales, downloads PDF and XLSX`, async ({ page }) => {
    await signIn(page, DEMO.agent);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: report.title, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/report/${report.path}$`));
    await expect(page.getByRole('heading', { name: report.title, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeDisabled();

    await page.getByRole('button', { name: 'Run' }).click();
    await expect(rows(page, report.title).first()).toBeVisible();
    for (const text of report.expects()) await expect(table(page, report.title)).toContainText(text);
    await expect(table(page, report.title).getByRole('row', { name: /^Total/ })).toBeVisible();
    if (report.chart)
      await expect(page.getByRole('list', { name: report.chart }).getByRole('listitem').first()).toBeVisible();
    await page.screenshot({ path: `test-results/reports-${report.path}.png`, fullPage: true });

    await download(page, 'Download PDF', 'pdf', report.file);
    const xlsx = await xlsxTexts(await download(page, 'Download XLSX', 'xlsx', report.file));
    // The file holds what the table showed (the same filters went with it).
    const [first] = report.expects();
    if (first && !/^[A-Z][a-z]{2} \d{2}, \d{4}$/.test(first)) expect(xlsx).toContain(first);
  });
}

test('Enter runs a report, and it comes back with its filters; print sends the report to the shell', async ({
  page,
}) => {
  await installFakeShell(page);
  await signIn(page, DEMO.agent);
  await page.goto('/report/agent-reservation-details');
  await page.getByRole('textbox', { name: 'PNR' }).fill(today.pnr.toLowerCase());
  await page.getByRole('textbox', { name: 'PNR' }).press('Enter');
  await expect(rows(page, 'Reservation details')).toHaveCount(1);
  await expect(rows(page, 'Reservation details').first()).toContainText(today.pnr);

  await page.getByRole('button', { name: 'Print' }).click();
  await expect.poll(async () => (await printJobs(page)).length).toBe(1);
  const html = (await printJobs(page))[0]!.html;
  expect(html).toContain(today.pnr);
  expect(html).toContain('Reservation details');
  expect(html).toContain('<tfoot>');

  // Enter in a date field runs the report too.
  await page.goto('/report/sales-summary');
  const from = page.getByLabel('From date');
  await from.click();
  // Inside the longest range a report takes (366 days) before the e2e clock's today, 2026-03-10.
  await from.fill('2026-01-01');
  await from.press('Enter');
  await expect(page.getByRole('region', { name: 'Report details' })).toContainText('Jan 01, 2026');

  await page.goto('/report/agent-reservation-details');
  await expect(page.getByRole('textbox', { name: 'PNR' })).toHaveValue(today.pnr.toLowerCase());
  await expect(rows(page, 'Reservation details')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/reports-en.png', fullPage: true });
});

test('a seller without report permissions sees no report in the drawer and is sent home from a report address', async ({
  page,
}) => {
  await signIn(page, DEMO.seller);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('Reservation', { exact: true })).toBeVisible();
  for (const report of REPORTS) await expect(menu.getByText(report.title, { exact: true })).toHaveCount(0);
  for (const report of REPORTS) {
    await page.goto(`/report/${report.path}`);
    await expect(page).toHaveURL(/\/reservation$/);
  }
});

test('in Bengali the drawer and the screens carry the Bengali titles', async ({ page }) => {
  await signIn(page, DEMO.agent);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'বাংলা' }).click();
  const menu = page.getByRole('navigation', { name: 'প্রধান মেনু' });
  const titles = [
    'আউটলেট বিক্রয়',
    'তারিখ অনুযায়ী আউটলেট বিক্রয়',
    'তারিখ অনুযায়ী আউটলেট বিক্রয় বিবরণ',
    'বাতিল ট্রিপের রিজার্ভেশন বিবরণ',
    'রিজার্ভেশন বিবরণ',
  ];
  for (const title of titles) await expect(menu.getByText(title, { exact: true })).toBeVisible();
  await menu.getByText('আউটলেট বিক্রয়', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'আউটলেট বিক্রয়', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'চালান' }).click();
  await expect(table(page, 'আউটলেট বিক্রয়').getByRole('row', { name: /^মোট/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'আউটলেট ও ব্যবহারকারীভিত্তিক নিট ভাড়া' })).toBeVisible();
  await page.screenshot({ path: 'test-results/reports-bn.png', fullPage: true });
  await download(page, 'পিডিএফ ডাউনলোড', 'pdf');
});
