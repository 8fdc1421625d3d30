import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/session';
import {
  chipAmount,
  confirmPreview,
  fillPassenger,
  freeSeats,
  money,
  openTrip,
  pickFreeSeat,
  seatMap,
} from './reservation-helpers';
import { fieldValue } from './support/fields';

test("sells two seats: the balance drops by exactly the preview's charge, and the ticket renders with its PNR", async ({
  page,
  browser,
}, info) => {
  await signIn(page, DEMO.agent);
  await openTrip(page, { days: 3, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' });
  await expect(page.getByRole('status', { name: 'Account' })).toContainText('৳');
  const before = await chipAmount(page);

  const first = await pickFreeSeat(page, 0);
  const second = await pickFreeSeat(page, 0);
  await expect(page.getByRole('timer')).toContainText(/Seats held for [45]:\d\d/);
  await fillPassenger(page, '01711000301', 'Sumi Akter');
  // Sell turns on with the first seat at once: no colour fade repainting the bar after each click.
  await expect(
    page.getByRole('toolbar', { name: 'Reservation actions' }).getByRole('button', { name: /^Sell/ }),
  ).toHaveCSS('transition-duration', '0s');
  await page.getByRole('toolbar', { name: 'Reservation actions' }).getByRole('button', { name: /^Sell/ }).click();

  const preview = page.getByRole('dialog', { name: 'Confirm sale' });
  await expect(preview).toContainText(first);
  await expect(preview).toContainText(second);
  // The server's quote: each seat's line, the total and what the account is charged; confirm waits for it.
  const chargeShown = await fieldValue(preview, 'Charged to your account');
  await expect(chargeShown).toBeVisible();
  await expect(preview.getByRole('cell', { name: first, exact: true })).toHaveCount(1);
  await expect(preview.getByRole('cell', { name: second, exact: true })).toHaveCount(1);
  const total = money(await (await fieldValue(preview, 'Total')).innerText());
  const charge = money(await chargeShown.innerText());
  expect(total).toBeGreaterThan(0);
  await confirmPreview(page);

  const result = page.getByRole('region', { name: 'Ticket sold' });
  const pnr = (await (await fieldValue(result, 'PNR')).innerText()).trim();
  expect(pnr).toMatch(/^[A-Z0-9]{10}$/);
  await expect((await fieldValue(result, 'PIN')).getByText(/^\d{6}$/)).toBeVisible();
  await expect(await fieldValue(result, 'Status')).toHaveText('Sold');
  expect(money(await (await fieldValue(result, 'Total')).innerText())).toBe(total);
  await expect.poll(() => chipAmount(page)).toBeCloseTo(before - charge, 2);
  // The sold seats are drawn sold, not selected.
  await expect(seatMap(page).locator(`[data-seat="${first}"]`)).toHaveClass(/seat-map__seat--sold/);

  // The ticket as it prints: the document of the on-screen preview, on an 80 mm page.
  const html = await page.getByTitle('Ticket preview').getAttribute('srcdoc');
  expect(html).toBeTruthy();
  const ticket = await browser.newPage();
  await ticket.setContent(html ?? '', { waitUntil: 'load' });
  await expect(ticket.locator('body')).toContainText(pnr);
  await expect(ticket.locator('body')).toContainText('Sumi Akter');
  const pdf = await ticket.pdf({ width: '80mm', printBackground: true });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(5_000);
  await ticket.close();

  // The same ticket in Bengali, for a person to look at.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'বাংলা' }).click();
  await expect(await fieldValue(page.getByRole('region', { name: 'টিকিট বিক্রি হয়েছে' }), 'অবস্থা')).toHaveText('বিক্রিত');
  const bengali = await browser.newPage({ viewport: { width: 360, height: 900 } });
  const bengaliPreview = page.getByTitle('টিকিটের প্রিভিউ');
  await expect.poll(async () => (await bengaliPreview.getAttribute('srcdoc')) ?? '').toContain('lang="bn"');
  await bengali.setContent((await bengaliPreview.getAttribute('srcdoc')) ?? '', { waitUntil: 'load' });
  await bengali.evaluate(() => document.fonts.ready);
  await expect(bengali.locator('body')).toContainText(pnr);
  await bengali.screenshot({ path: info.outputPath('ticket-bn.png'), fullPage: true });
  await bengali.close();
});

test('a seat another counter has just locked shows taken without a refresh and cannot be picked, and is free again once that page closes', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.seller);
  await openTrip(page, { days: 4, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' });
  const contested = await freeSeats(page).first().getAttribute('data-seat');
  expect(contested).toBeTruthy();

  const other = await browser.newContext();
  const agentPage = await other.newPage();
  await signIn(agentPage, DEMO.agent);
  await openTrip(agentPage, { days: 4, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' });
  await seatMap(agentPage).locator(`[data-seat="${contested}"]`).click();
  await expect(seatMap(agentPage).locator(`[data-seat="${contested}"]`)).toHaveAttribute('aria-pressed', 'true');

  // The seller's map shows it taken at once, without a refresh (the live stream, issue #35): the seat cannot be
  // picked, so the lock refusal is rarely met (live-counters.spec.ts follows every step within a second).
  await expect(seatMap(page).locator(`[data-seat="${contested}"]`)).toHaveClass(/seat-map__seat--lockedByOther/);
  await expect(seatMap(page).locator(`[data-seat="${contested}"]`)).toHaveAttribute('aria-disabled', 'true');
  // Clicked all the same (force: Playwright would otherwise wait for it to be enabled): nothing is picked.
  await seatMap(page).locator(`[data-seat="${contested}"]`).click({ force: true });
  await expect(page.getByText('No seats picked')).toBeVisible();

  // The other counter closes its page: the seat is let go at once, not after 5 minutes. The
  // release is a keepalive request sent as the page goes: a refresh may overtake it, so the
  // seller refreshes until it has landed, as a person at the counter would.
  await agentPage.goto('about:blank');
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh seats' }).click();
    await expect(seatMap(page).locator(`[data-seat="${contested}"]`)).toHaveClass(/seat-map__seat--available/, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 15_000 });
  await other.close();
});

test('books a seat: status Booked with its expiry, the balance is not charged, and the held seat leads to its ticket', async ({
  page,
}) => {
  await signIn(page, DEMO.agent);
  await openTrip(page, { days: 5, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' });
  const before = await chipAmount(page);
  const seat = await pickFreeSeat(page);
  await fillPassenger(page, '01711000302', 'Habib Rahman');
  await page.getByRole('toolbar', { name: 'Reservation actions' }).getByRole('button', { name: /^Book/ }).click();
  const preview = page.getByRole('dialog', { name: 'Confirm booking' });
  await expect(preview).toContainText('A booking is not charged now');
  // The booking's fare is the server's; nothing is charged, so no charge line.
  const total = money(await (await fieldValue(preview, 'Total')).innerText());
  expect(total).toBeGreaterThan(0);
  await expect(preview.getByRole('cell', { name: 'Charged to your account' })).toHaveCount(0);
  await confirmPreview(page);
  const result = page.getByRole('region', { name: 'Seats booked' });
  await expect(await fieldValue(result, 'Status')).toHaveText('Booked');
  await expect(await fieldValue(result, 'Booking expires')).toHaveText(/\w{3} \d{2}, \d{4} \d{2}:\d{2} [AP]M/);
  await page.getByRole('status', { name: 'Account' }).getByRole('button').click();
  await expect.poll(() => chipAmount(page)).toBe(before);

  // A click on the booked seat says who holds it and opens the ticket with its PNR filled in.
  const pnr = (await (await fieldValue(result, 'PNR')).innerText()).trim();
  const pin = (await (await fieldValue(result, 'PIN')).getByText(/^\d{6}$/).innerText()).trim();
  await seatMap(page).locator(`[data-seat="${seat}"]`).click();
  const holder = page.getByRole('dialog', { name: `Seat ${seat}` });
  await expect(await fieldValue(holder, 'PNR')).toHaveText(pnr);
  await expect(holder).toContainText('Habib Rahman');
  await holder.getByRole('button', { name: 'Manage this ticket' }).click();
  await expect(page).toHaveURL(new RegExp(`/ticket-operation\\?pnr=${pnr}$`));
  await expect(page.getByLabel('PNR', { exact: true })).toHaveValue(pnr);
  await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Reservation' })).toContainText('Booked');
});

test("the trip's extra weight tab lists what was charged on its tickets", async ({ page, request }) => {
  await signIn(page, DEMO.agent);
  await openTrip(page, { days: 6, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' });
  await pickFreeSeat(page, 0);
  await fillPassenger(page, '01711000611', 'Baggage Passenger');
  await page.getByRole('toolbar', { name: 'Reservation actions' }).getByRole('button', { name: /^Sell/ }).click();
  await confirmPreview(page);
  const pnr = (await (await fieldValue(page.getByRole('region', { name: 'Ticket sold' }), 'PNR')).innerText()).trim();

  // Charged at the extra weight counter (its own screen); here it is only shown.
  const login = await request.post('/api/login', { data: DEMO.agent });
  const { token } = (await login.json()) as { token: string };
  const companies = (await (
    await request.get('/api/lookup/company', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { id: number; code: string }[];
  const charged = await request.post('/api/extraWeightCharge', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      companyId: companies.find((c) => c.code === 'PADMA')?.id,
      reservationPnr: pnr,
      amount: 120,
      description: '2 bags, 12 kg over',
    },
  });
  expect(charged.ok()).toBe(true);
  const charge = (await charged.json()) as { pnr: string };

  await page.getByRole('tab', { name: 'Extra weight' }).click();
  const row = page.getByRole('row', { name: new RegExp(charge.pnr) });
  await expect(row).toContainText(pnr);
  await expect(row).toContainText('120.00');
  await expect(row).toContainText('Charged');
});
