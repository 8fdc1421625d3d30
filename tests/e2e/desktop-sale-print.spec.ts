/**
 * A sale on the reservation screen prints through the desktop shell's bridge
 * (the fake preload, support/fake-shell.ts) with the printer, paper and copies
 * chosen in Settings, and the print is recorded with the server only after the
 * shell printed it.
 */
import { expect, test, type Page } from '@playwright/test';
import { installFakeShell, printJobs, setPrintFailure } from './support/fake-shell';
import { DEMO, signIn } from './support/session';
import { pickerDate } from './support/clock';
import { confirmPreview } from './reservation-helpers';
import { choosePrinterSettings } from './support/settings-screen';
import { fieldValue } from './support/fields';

/** A date in Dhaka `days` from today, as the date field takes it (yyyy-MM-dd). */
const dhakaDate = pickerDate;

async function chooseCity(page: Page, label: string, city: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('combobox', { name: label }).fill(city);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: city }).first().click();
}

/** Sells one free seat of the first Dhaka -> Chattogram trip two days ahead; answers the PNR. */
async function sellOneSeat(page: Page): Promise<string> {
  await page.goto('/reservation');
  await expect(page.getByRole('heading', { name: 'Reservation' })).toBeVisible();
  const date = page.getByLabel('Date', { exact: false }).first();
  await date.click();
  await date.fill(dhakaDate(2));
  await date.press('Enter');
  await chooseCity(page, 'From', 'Dhaka');
  await chooseCity(page, 'To', 'Chattogram');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table', { name: 'Trips' }).getByRole('button', { name: 'Pick' }).first().click();
  await page
    .getByRole('button', { name: /^Seat \w+, [^,]+, available,/ })
    .first()
    .click();
  await expect(page.getByText(/^1 seat · total/)).toBeVisible();
  await page.getByLabel('Phone').fill('01711998877');
  await page.getByLabel('Name').fill('Desktop Passenger');
  await page.keyboard.press('F9');
  await confirmPreview(page);
  const pnr = await fieldValue(page.getByRole('region', { name: 'Ticket sold' }), 'PNR');
  await expect(pnr).toBeVisible();
  return (await pnr.innerText()).trim();
}

test.describe('a sale in the desktop shell', () => {
  test.beforeEach(async ({ context }) => {
    await installFakeShell(context);
  });

  test('prints through the bridge with the chosen printer, paper and copies, then records the print', async ({
    page,
  }) => {
    const recorded: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/reservation/savePrintAction/')) recorded.push(new URL(request.url()).pathname);
    });
    await signIn(page, DEMO.agent);
    await choosePrinterSettings(page, {
      printer: 'EPSON TM-T82 Receipt',
      paper: '80 mm roll',
      copies: 2,
      autoPrint: false,
    });

    const pnr = await sellOneSeat(page);
    expect(await printJobs(page)).toEqual([]);
    await page.getByRole('region', { name: 'Ticket sold' }).getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => printJobs(page).then((jobs) => jobs.length)).toBe(1);
    const [job] = await printJobs(page);
    expect(job).toMatchObject({ deviceName: 'EPSON_TM_T82', paper: '80mm', copies: 2 });
    expect(job!.html).toContain(pnr);
    await expect.poll(() => recorded).toEqual([`/api/reservation/savePrintAction/${pnr}/ORIGINAL`]);
  });

  test('prints by itself after the sale when auto-print is on; a printer error is shown and nothing is recorded', async ({
    page,
  }) => {
    const recorded: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/reservation/savePrintAction/')) recorded.push(request.url());
    });
    await signIn(page, DEMO.agent);
    await choosePrinterSettings(page, { printer: 'Office A4', paper: 'A4', copies: 1, autoPrint: true });

    const pnr = await sellOneSeat(page);
    await expect.poll(() => printJobs(page).then((jobs) => jobs.length)).toBe(1);
    const [job] = await printJobs(page);
    expect(job).toMatchObject({ deviceName: 'Office_A4', paper: 'A4', copies: 1 });
    expect(job!.html).toContain(pnr);
    await expect.poll(() => recorded.length).toBe(1);

    await setPrintFailure(page, 'PRINTER_NOT_FOUND');
    await page.getByRole('region', { name: 'Ticket sold' }).getByRole('button', { name: 'Print' }).click();
    await expect(page.getByText('The printer was not found.', { exact: false }).first()).toBeVisible();
    expect(await printJobs(page)).toHaveLength(1);
    expect(recorded).toHaveLength(1);
    await setPrintFailure(page, null);
  });
});
