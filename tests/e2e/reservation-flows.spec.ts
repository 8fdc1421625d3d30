import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/session';
import {
  chooseOption,
  confirmPreview,
  fillPassenger,
  freeSeats,
  money,
  openTrip,
  seatMap,
} from './reservation-helpers';
import { fieldValue } from './support/fields';

test('sells an open ticket, then migrates it to a trip of the same route', async ({ page }) => {
  await signIn(page, DEMO.agent);
  await page.goto('/reservation');
  await fillPassenger(page, '01711000303', 'Open Ticket Passenger');
  await page.getByRole('toolbar', { name: 'Reservation actions' }).getByRole('button', { name: 'Open ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open ticket' });
  await chooseOption(page, 'Route', 'Dhaka - Cumilla - Chattogram', dialog);
  await chooseOption(page, 'From', 'Sayedabad', dialog);
  await chooseOption(page, 'To', 'Dampara', dialog);
  await chooseOption(page, 'Seat type', 'Business', dialog);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm open ticket' })).toContainText('1 × Business');
  await confirmPreview(page);

  const opened = page.getByRole('region', { name: 'Open ticket sold' });
  await expect(await fieldValue(opened, 'Status')).toHaveText('Open');
  const openPnr = (await (await fieldValue(opened, 'PNR')).innerText()).trim();
  const openPin = (await (await fieldValue(opened, 'PIN')).getByText(/^\d{6}$/).innerText()).trim();
  const openTotal = money(await (await fieldValue(opened, 'Total')).innerText());
  expect(openTotal).toBeGreaterThan(0);

  await page.getByRole('toolbar', { name: 'Reservation actions' }).getByRole('button', { name: 'Migrate' }).click();
  const find = page.getByRole('dialog', { name: 'Migrate a ticket' });
  await find.getByLabel('PNR').fill(openPnr);
  await find.getByLabel('PIN').fill(openPin);
  await find.getByRole('button', { name: 'Find ticket' }).click();
  const banner = page.getByRole('alert').filter({ hasText: `Migrating ${openPnr}` });
  await expect(banner).toBeVisible();

  await openTrip(page, { days: 6, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' });
  const seat = await freeSeats(page).first().getAttribute('data-seat');
  await freeSeats(page).first().click();
  await expect(seatMap(page).locator(`[data-seat="${seat}"]`)).toHaveAttribute('aria-pressed', 'true');
  await page
    .getByRole('toolbar', { name: 'Reservation actions' })
    .getByRole('button', { name: /Migrate to these seats/ })
    .click();
  // The fare difference is quoted before the agent confirms.
  await expect(page.getByRole('dialog').getByRole('alert').filter({ hasText: 'Fare difference' })).toBeVisible();
  await confirmPreview(page);

  await expect(await fieldValue(page.getByRole('region', { name: 'Ticket sold' }), 'Status')).toHaveText('Sold');
  await expect(page.getByRole('region', { name: 'Ticket sold' })).toContainText(openPnr);
  await expect(banner).toHaveCount(0);
  await expect(seatMap(page).locator(`[data-seat="${seat}"]`)).toHaveClass(/seat-map__seat--sold/);
});

test('keyboard only: F3 to the map, arrows and Space pick a seat, F9 opens the preview, Enter sells', async ({
  page,
}) => {
  await signIn(page, DEMO.agent);
  await openTrip(page, { days: 7, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' });
  await fillPassenger(page, '01711000304', 'Keyboard Passenger');

  await page.keyboard.press('F3');
  const focused = seatMap(page).locator('[data-seat]:focus');
  await expect(focused).toHaveCount(1);
  // Move right until the focus rests on a free seat, then take it with Space.
  for (let i = 0; i < 40 && !(await focused.getAttribute('class'))?.includes('seat-map__seat--available'); i += 1) {
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 40 && !(await focused.getAttribute('class'))?.includes('seat-map__seat--available'); i += 1) {
    await page.keyboard.press('ArrowRight');
  }
  const seat = await focused.getAttribute('data-seat');
  await page.keyboard.press('Space');
  await expect(seatMap(page).locator(`[data-seat="${seat}"]`)).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('F9');
  const preview = page.getByRole('dialog', { name: 'Confirm sale' });
  await expect(preview).toContainText(seat ?? '');
  await expect(preview.getByRole('button', { name: 'Confirm and sell' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(await fieldValue(page.getByRole('region', { name: 'Ticket sold' }), 'Status')).toHaveText('Sold');
  await expect(page.getByRole('region', { name: 'Ticket sold' })).toContainText(seat ?? '');

  // The help overlay lists the shortcuts; Escape closes it.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+Slash');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Print the last ticket');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});
