/**
 * A sale on the reservation screen prints through the desktop shell's bridge
 * (the fake preload, support/fake-shell.ts) with the printer, paper and copies
 * chosen in Settings, and the print is recorded with the server only after the
 * shell printed it.
 */
import { expect, test, type Page } from '@playwright/test';
import { installFakeShell, printJobs, setPrintFailure } from './support/fake-shell';
import { DEMO, signIn } from './support/session';
import { recordPrints, sellOneSeat as sellSeat } from './reservation-helpers';
import { choosePrinterSettings } from './support/settings-screen';

/** Sells one free seat of the first Dhaka -> Chattogram trip two days ahead; answers the PNR. */
const sellOneSeat = (page: Page) => sellSeat(page, { days: 2, phone: '01711998877', name: 'Desktop Passenger' });

test.describe('a sale in the desktop shell', () => {
  test.beforeEach(async ({ context }) => {
    await installFakeShell(context);
  });

  test('prints through the bridge with the chosen printer, paper and copies, then records the print', async ({
    page,
  }) => {
    const recorded = recordPrints(page);
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
