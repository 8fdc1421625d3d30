/**
 * One time zone for everything a person reads: the company's (Asia/Dhaka),
 * whatever zone the counter PC's clock is set to. The same sale, on the night
 * coach that leaves at 02:00 in Dhaka (20:00 UTC the evening before, 16:00 in
 * New York), must read the same on a PC in New York as on one in Dhaka: the
 * trip list, the preview, the printed ticket and the reservation's history.
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmPreview, fillPassenger, openTrip, pickFreeSeat } from './reservation-helpers';
import { E2E_NOW, localDate } from './support/clock';
import { installFakeShell, printJobs } from './support/fake-shell';
import { DEMO, signIn } from './support/session';
import { choosePrinterSettings } from './support/settings-screen';
import { fieldValue } from './support/fields';

/** PADMA's night coach to Sylhet: P-201 leaves Mohakhali at 02:00 Dhaka time every day. */
const NIGHT_COACH = { days: 1, from: 'Dhaka', to: 'Sylhet', coach: 'P-201' };
/** The e2e server's today is 10 March 2026 in Dhaka; the night coach of tomorrow leaves on the 11th. */
const TRIP_DAY = { dayMonth: '11-Mar', date: 'Mar 11, 2026', dateTime: 'Mar 11, 2026 02:00 AM' };

/**
 * Sells a seat of the trip on screen (checking what `whileHeld` checks once it is picked); the preview must show the
 * boarding time in Dhaka.
 */
async function sellASeat(page: Page, whileHeld?: () => Promise<void>): Promise<{ pnr: string; pin: string }> {
  await pickFreeSeat(page);
  await whileHeld?.();
  await fillPassenger(page, '01711445566', 'Night Passenger');
  await page.keyboard.press('F9');
  const preview = page.getByRole('dialog');
  await expect(preview).toContainText(TRIP_DAY.dateTime);
  await confirmPreview(page);
  const result = page.getByRole('region', { name: 'Ticket sold' });
  return {
    pnr: (await (await fieldValue(result, 'PNR')).innerText()).trim(),
    pin: (await (await fieldValue(result, 'PIN')).getByText(/^\d{6}$/).innerText()).trim(),
  };
}

for (const timezoneId of ['America/New_York', 'Asia/Dhaka']) {
  test.describe(`a counter PC whose clock zone is ${timezoneId}`, () => {
    test.use({ timezoneId });

    test.beforeEach(async ({ context }) => {
      await installFakeShell(context);
    });

    test('shows the night coach at 02:00 on the Dhaka date in the trip list, preview, ticket and history', async ({
      page,
    }) => {
      // A whole counter journey: printer settings, search, sale, print, look-up.
      test.setTimeout(120_000);
      await signIn(page, DEMO.agent);
      await choosePrinterSettings(page, {
        printer: 'EPSON TM-T82 Receipt',
        paper: '80 mm roll',
        copies: 1,
        autoPrint: false,
      });
      // The search form starts on the company's today, not the PC's.
      await page.goto('/reservation');
      await expect(page.getByRole('textbox', { name: 'Trip date' })).toHaveValue(localDate(0));

      await openTrip(page, NIGHT_COACH);
      const row = page
        .getByRole('table', { name: 'Trips' })
        .getByRole('row')
        .filter({ hasText: NIGHT_COACH.coach })
        .first();
      await expect(row).toContainText('02:00 AM');
      await expect(row).toContainText(TRIP_DAY.dayMonth);
      await expect(row).not.toContainText('04:00 PM');

      const ticket = await sellASeat(page);
      await page.getByRole('region', { name: 'Ticket sold' }).getByRole('button', { name: 'Print' }).click();
      await expect.poll(() => printJobs(page).then((jobs) => jobs.length)).toBe(1);
      const [job] = await printJobs(page);
      expect(job!.html).toContain(ticket.pnr);
      expect(job!.html).toContain(TRIP_DAY.dateTime);
      // Sold at the server's 10:0x on 10 March in Dhaka (04:0x UTC, 00:0x in New York).
      expect(job!.html).toMatch(/Mar 10, 2026 10:\d\d AM/);

      await page.goto('/ticket-operation');
      await page.getByLabel('PNR', { exact: true }).fill(ticket.pnr);
      await page.getByLabel('PIN', { exact: true }).fill(ticket.pin);
      await page.getByLabel('PIN', { exact: true }).press('Enter');
      const panel = page.getByRole('region', { name: 'Reservation' });
      await expect(panel).toContainText(ticket.pnr);
      await expect(panel).toContainText(`Trip date${TRIP_DAY.date}`);
      await expect(panel).toContainText('Mohakhali, 02:00 AM');
      await expect(page.getByRole('table', { name: 'History' })).toContainText(/Mar 10, 2026 10:\d\d AM/);
    });
  });
}

test.describe('a counter PC in New York whose clock is also a day and a half behind', () => {
  test.use({ timezoneId: 'America/New_York' });

  test.beforeEach(async ({ context }) => {
    await installFakeShell(context);
    // 14:00 on 8 March in New York while the server's now is 10:00 on 10 March in Dhaka; the PC's clock runs on from
    // there.
    await context.clock.install({ time: new Date(Date.parse(E2E_NOW) - 34 * 3_600_000) });
  });

  test("takes today, the seat lock's countdown and the ticket's printed-at from the server's clock", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.agent);
    await choosePrinterSettings(page, {
      printer: 'EPSON TM-T82 Receipt',
      paper: '80 mm roll',
      copies: 1,
      autoPrint: false,
    });
    await page.goto('/reservation');
    await expect(page.getByRole('textbox', { name: 'Trip date' })).toHaveValue(localDate(0));

    await openTrip(page, NIGHT_COACH);
    await expect(
      page.getByRole('table', { name: 'Trips' }).getByRole('row').filter({ hasText: NIGHT_COACH.coach }).first(),
    ).toContainText(`02:00 AM ${TRIP_DAY.dayMonth}`);
    // The server's lock lasts minutes, not the day and a half the PC's clock would add.
    const ticket = await sellASeat(page, async () =>
      expect(page.getByRole('timer')).toContainText(/Seats held for [45]:\d\d/),
    );
    await page.getByRole('region', { name: 'Ticket sold' }).getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => printJobs(page).then((jobs) => jobs.length)).toBe(1);
    const [job] = await printJobs(page);
    expect(job!.html).toContain(ticket.pnr);
    expect(job!.html).toContain(TRIP_DAY.dateTime);
    expect(job!.html).toMatch(/Mar 10, 2026 10:\d\d AM/);
    expect(job!.html).not.toContain('Mar 08, 2026');
  });
});
