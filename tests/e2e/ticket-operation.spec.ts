import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { motionClasses, recordMotion } from './support/motion';
import { DEMO, signIn } from './support/session';
import { operator } from './support/operator';
import { SCREENSHOT_TOUR, screenshotsDir } from './support/screenshots';
import { toast } from './support/toast';
import { fieldValue } from './support/fields';
import { findTicket, makeTicket as makeApiTicket, type ApiTicket, type ApiTrip } from './support/tickets';

/**
 * The ticket-operation screen against the real server. Tickets are made in
 * each test through the real HTTP API (sign in, lock free seats, create), so
 * no test depends on seeded reservations or hard-coded seats.
 */

type Ticket = ApiTicket;
type Trip = ApiTrip;

const PASSENGER = { name: 'E2E Passenger', phone: '+8801711998877' };

/** Sells or books `count` free seats `days` ahead (default PADMA Dhaka -> Chattogram). */
function makeTicket(
  request: APIRequestContext,
  opts: { kind: 'SELL' | 'BOOK'; count: number; days: number },
): Promise<Ticket> {
  return makeApiTicket(request, { ...opts, days: [opts.days], passenger: PASSENGER });
}

/** A sold one-seat MEGHNA Dhaka -> Chattogram ticket (Sayedabad, Jangalia, Oxygen) a week ahead. */
async function meghnaTicket(request: APIRequestContext): Promise<Ticket> {
  // Its Dhaka - Chattogram - Cox's Bazar coaches also call at Chattogram (Dampara), with no stop between.
  const accept = (trip: Trip) => trip.routeName === 'Dhaka - Cumilla - Chattogram';
  const ticket = await findTicket(request, {
    kind: 'SELL',
    count: 1,
    days: [7, 8],
    company: 'MEGHNA',
    accept,
    passenger: PASSENGER,
  });
  if (!ticket) throw new Error('no MEGHNA trip a week ahead with a free seat');
  return ticket;
}

const money = (amount: number) =>
  `৳ ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const minor = (amount: number) => Math.round(amount * 100);

async function balance(page: Page): Promise<number> {
  const chip = page.getByRole('status', { name: 'Account' });
  await expect(chip).toContainText('৳');
  const text = await chip.innerText();
  const amount = /(-?[\d,]+\.\d{2})/.exec(text)?.[1];
  if (!amount) throw new Error(`no amount in the account chip: ${text}`);
  return Number(amount.replace(/,/g, ''));
}

async function lookUp(page: Page, ticket: Pick<Ticket, 'pnr' | 'pin'>) {
  await page.goto('/ticket-operation');
  await expect(page.getByRole('heading', { name: 'Ticket operation' })).toBeVisible();
  await page.getByLabel('PNR', { exact: true }).fill(ticket.pnr.toLowerCase());
  await page.getByLabel('PIN', { exact: true }).fill(ticket.pin);
  await page.getByLabel('PIN', { exact: true }).press('Enter');
  await expect(page.getByRole('region', { name: 'Reservation' })).toContainText(ticket.pnr);
}

test('looks a ticket up by PNR and PIN and shows its seats, figures and history', async ({ page, request }) => {
  const ticket = await makeTicket(request, { kind: 'SELL', count: 2, days: 3 });
  await signIn(page, DEMO.agent);
  await lookUp(page, ticket);
  const panel = page.getByRole('region', { name: 'Reservation' });
  await expect(await fieldValue(panel, 'Status')).toHaveText('Sold');
  await expect(await fieldValue(panel, 'Total fare')).toHaveText(money(ticket.totalFare));
  for (const seat of ticket.seats) await expect(page.getByRole('table', { name: 'Seats' })).toContainText(seat.name);
  await expect(page.getByRole('table', { name: 'History' })).toContainText('Sold');
  await expect(page.getByRole('button', { name: 'Cancel ticket' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Confirm booking' })).toHaveCount(0);
});

test('cancels one seat of a two-seat sale: 10% fine at 48 h or more, the balance rises by the return amount', async ({
  page,
  request,
}) => {
  const ticket = await makeTicket(request, { kind: 'SELL', count: 2, days: 3 });
  const seat = ticket.seats[0]!;
  const netMinor = minor(seat.fare) - minor(seat.discount);
  const fineMinor = Math.round(netMinor * 0.1);
  const returnMinor = netMinor - fineMinor;

  await signIn(page, DEMO.agent);
  await lookUp(page, ticket);
  const before = await balance(page);
  await page.getByRole('checkbox', { name: `Select seat ${seat.name}` }).check();
  await page.getByRole('button', { name: 'Cancel 1 seat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel ticket' });
  await expect(await fieldValue(dialog, 'Fine')).toHaveText(money(fineMinor / 100));
  await expect(await fieldValue(dialog, 'Return amount')).toHaveText(money(returnMinor / 100));
  await dialog.getByRole('button', { name: 'Cancel and return the amount' }).click();

  await expect(page.getByText('Ticket cancelled')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => balance(page)).toBe((minor(before) + returnMinor) / 100);
  await expect(page.getByRole('table', { name: 'History' })).toContainText(`Cancelled: ${seat.name}`);
  // The other seat is still sold.
  await expect(await fieldValue(page.getByRole('region', { name: 'Reservation' }), 'Status')).toHaveText('Sold');
});

test('books, then confirms the booking: the amount is shown first and the balance drops by it', async ({
  page,
  request,
}) => {
  const ticket = await makeTicket(request, { kind: 'BOOK', count: 1, days: 4 });
  await signIn(page, DEMO.agent);
  await lookUp(page, ticket);
  await expect(await fieldValue(page.getByRole('region', { name: 'Reservation' }), 'Status')).toHaveText('Booked');
  const before = await balance(page);
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm booking' });
  await expect(await fieldValue(dialog, 'Amount to charge')).toHaveText(money(ticket.totalFare));
  await dialog.getByRole('button', { name: `Confirm and charge ${money(ticket.totalFare)}` }).click();

  await expect(page.getByText('Booking confirmed')).toBeVisible();
  await expect(await fieldValue(page.getByRole('region', { name: 'Reservation' }), 'Status')).toHaveText('Sold');
  await expect.poll(() => balance(page)).toBe((minor(before) - minor(ticket.totalFare)) / 100);
});

test('extends a booking', async ({ page, request }) => {
  const ticket = await makeTicket(request, { kind: 'BOOK', count: 1, days: 5 });
  await signIn(page, DEMO.agent);
  await lookUp(page, ticket);
  const expiry = await fieldValue(page.getByRole('region', { name: 'Reservation' }), 'Booking expires');
  const before = await expiry.innerText();
  await page.getByRole('button', { name: 'Extend booking time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extend booking time' });
  await dialog.getByRole('button', { name: 'Extend' }).click();
  // The success toast: the history row, reloaded meanwhile, carries the same words.
  await expect(toast(page, 'Booking extended')).toHaveCount(1);
  await expect(expiry).not.toHaveText(before);
  await expect(page.getByRole('table', { name: 'History' })).toContainText('Booking extended');
});

test("shows a sold ticket's boarding point, moves it to a later stop, and the history says from where to where", async ({
  page,
  request,
}) => {
  // A week ahead on MEGHNA Sayedabad - Jangalia - Oxygen (PADMA's middle stop is barred for the demo agent): the
  // server's clock starts at E2E_NOW, so the coach is days from leaving its first stop whatever the hour the suite
  // runs.
  const ticket = await meghnaTicket(request);
  await signIn(page, DEMO.agent);
  await lookUp(page, ticket);
  const boarding = await fieldValue(page.getByRole('region', { name: 'Reservation' }), 'Boarding point and time');
  await expect(boarding).toContainText('Sayedabad');
  const boardingText = await boarding.innerText();
  // antd's motion is off: the dialog and the list are clickable the moment they show, nothing slides or zooms.
  await recordMotion(page);
  await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Change boarding point' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change boarding point' });
  await expect(await fieldValue(dialog, 'Current boarding point')).toContainText('Sayedabad');
  await dialog.getByRole('combobox', { name: 'New boarding point' }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: 'Jangalia' })
    .click();
  await expect(dialog.locator('.ant-select')).toContainText('Jangalia');
  await dialog.getByRole('button', { name: 'Change boarding point' }).click();
  await expect(page.getByText('Boarding point changed to Jangalia')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(boarding).toContainText('Jangalia');
  await expect(boarding).not.toHaveText(boardingText);
  // The fare is kept.
  await expect(await fieldValue(page.getByRole('region', { name: 'Reservation' }), 'Total fare')).toHaveText(
    money(ticket.totalFare),
  );
  const history = page.getByRole('table', { name: 'History' });
  await expect(history).toContainText('Boarding point changed');
  await expect(history).toContainText('Sayedabad → Jangalia');
  // The next stop is the destination: nothing later to move to.
  await expect(
    page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Change boarding point' }),
  ).toHaveCount(0);
  expect(await motionClasses(page)).toEqual([]);
});

test('a wrong PIN says so, in English and in Bengali', async ({ page, request }) => {
  const ticket = await makeTicket(request, { kind: 'BOOK', count: 1, days: 6 });
  const wrongPin = ticket.pin === '000000' ? '111111' : '000000';
  await signIn(page, DEMO.agent);
  await page.goto('/ticket-operation');
  await page.getByLabel('PNR', { exact: true }).fill(ticket.pnr);
  await page.getByLabel('PIN', { exact: true }).fill(wrongPin);
  await page.getByRole('button', { name: 'Search' }).click();
  // A refused look-up is one toast, not a copy beside the form.
  await expect(toast(page, 'Wrong PNR or PIN')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Reservation' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'বাংলা' }).click();
  await page.getByRole('button', { name: 'খুঁজুন' }).click();
  await expect(toast(page, 'ভুল পিএনআর বা পিন')).toHaveCount(1);
  // Back to English for the tests that follow.
  await page.getByRole('button', { name: 'ভাষা' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
});

test('F2 goes to the PNR field and a recent reservation fills it', async ({ page, request }) => {
  const ticket = await makeTicket(request, { kind: 'BOOK', count: 1, days: 6 });
  await signIn(page, DEMO.agent);
  await page.goto('/ticket-operation');
  await page.getByRole('button', { name: `Use PNR ${ticket.pnr}` }).click();
  await expect(page.getByLabel('PNR', { exact: true })).toHaveValue(ticket.pnr);
  await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
  await page.keyboard.press('F2');
  await expect(page.getByLabel('PNR', { exact: true })).toBeFocused();
  await page.getByLabel('PIN', { exact: true }).fill(ticket.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Reservation' })).toContainText(ticket.pnr);
});

test('past the cancellation cut-off, before departure: a delayed-cancel request with a reason', async ({
  page,
  request,
}) => {
  // A coach leaving in 3 hours: inside the last band (under 6 h), with time to spare before it leaves.
  const added = operator('trip', 'add', 'PADMA', 'DHK-CTG', '--in', '3h', '--coach', 'P-102');
  const tripId = Number(/^trip (\d+) /.exec(added)?.[1]);
  const ticket = await findTicket(request, {
    kind: 'SELL',
    count: 1,
    days: [0],
    accept: (trip) => trip.tripId === tripId,
    passenger: PASSENGER,
  });
  expect(ticket, `a seat on the trip the operator added: ${added}`).not.toBeNull();

  await signIn(page, DEMO.agent);
  await lookUp(page, ticket!);
  await expect(page.getByRole('button', { name: 'Cancel ticket' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Request delayed cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request delayed cancel' });
  await dialog.getByLabel('Reason').click();
  // antd draws its own option list; the listbox with role=option is for screen readers only.
  await page.locator('.ant-select-item-option', { hasText: 'Passenger fell ill' }).click();
  await dialog.getByLabel('Remarks').fill('Doctor says no travel today');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Delayed-cancel approval request saved')).toBeVisible();
  await expect(page.getByRole('table', { name: 'History' })).toContainText('Delayed cancel requested');
});

test('a seller without ticket-operation permissions cannot open the screen', async ({ page }) => {
  await signIn(page, DEMO.seller);
  await page.goto('/ticket-operation');
  await expect(page).toHaveURL(/\/reservation$/);
});

/** Screenshots for a person to look at (a screenshot tour: SCREENSHOTS=dir): wide and narrow, English and Bengali. */
test('screenshots of the screen', SCREENSHOT_TOUR, async ({ page, request }) => {
  const dir = screenshotsDir;
  const ticket = await makeTicket(request, { kind: 'SELL', count: 2, days: 3 });
  const booking = await makeTicket(request, { kind: 'BOOK', count: 1, days: 4 });
  const meghna = await meghnaTicket(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.agent);
  for (const language of ['en', 'bn'] as const) {
    if (language === 'bn') {
      await page.getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitemradio', { name: 'বাংলা' }).click();
      // The choice is stored with the switch (html lang follows in the same step): only then may the next page load
      // start.
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    }
    const bn = language === 'bn';
    const panel = page.getByRole('region', { name: bn ? 'রিজার্ভেশন' : 'Reservation' });
    const actions = page.getByRole('group', { name: bn ? 'কাজ' : 'Actions' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/ticket-operation');
      await page.locator('#pnr').fill(ticket.pnr);
      await page.locator('#pin').fill(ticket.pin);
      await page.locator('#pin').press('Enter');
      await expect(page.getByRole('table', { name: bn ? 'ইতিহাস' : 'History' })).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/sold-${language}-${width}.png`, fullPage: true });
      await page.getByRole('checkbox').nth(1).check();
      await actions.getByRole('button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/cancel-${language}-${width}.png` });
      await page.keyboard.press('Escape');
      await page.locator('#pnr').fill(booking.pnr);
      await page.locator('#pin').fill(booking.pin);
      await page.locator('#pin').press('Enter');
      await expect(panel).toContainText(booking.pnr);
      await actions.getByRole('button').nth(2).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/extend-${language}-${width}.png` });
      await page.keyboard.press('Escape');
      await page.locator('#pnr').fill(meghna.pnr);
      await page.locator('#pin').fill(meghna.pin);
      await page.locator('#pin').press('Enter');
      await expect(panel).toContainText(meghna.pnr);
      await actions.getByRole('button', { name: bn ? 'বোর্ডিং পয়েন্ট পরিবর্তন' : 'Change boarding point' }).click();
      const boarding = page.getByRole('dialog');
      await boarding.getByRole('combobox').click();
      await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/boarding-${language}-${width}.png` });
      // Escape closes the list; the select keeps the focus (and the next Escape), so the dialog is left by its Back
      // button.
      await page.keyboard.press('Escape');
      await boarding.getByRole('button', { name: bn ? 'ফিরে যান' : 'Back' }).click();
      await expect(boarding).toBeHidden();
    }
  }
});
