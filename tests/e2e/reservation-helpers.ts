/**
 * Steps of the reservation screen the e2e specs share. Trips are picked by
 * date and coach, seats by asking the map which are free, so the specs do not
 * depend on each other, on their order or on other specs selling on the same
 * seeded data.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { pickerDate } from './support/clock';
import { fieldValue } from './support/fields';

/** A trip date `days` from the server's today in the company's time zone, as the date picker takes it. */
export const tripDate = pickerDate;

export async function chooseOption(
  page: Page,
  label: string,
  text: string,
  scope: Page | Locator = page,
): Promise<void> {
  // A required field's name starts with its '*' mark.
  const name = new RegExp(`^(\\* )?${label}$`);
  const box = scope.getByRole('combobox', { name });
  // `has` is matched inside each .ant-select, so it takes a page-rooted locator.
  const select = scope.locator('.ant-select', { has: page.getByRole('combobox', { name }) });
  // antd's motion is off, so the list is clickable as soon as it shows; the option waits for the lookup to load it.
  await box.click();
  await box.fill(text);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
  await expect(select).toContainText(text);
}

export interface TripQuery {
  days: number;
  from: string;
  to: string;
  coach: string;
}

/** Searches by route and picks the trip of that coach; waits for its seat map. */
export async function openTrip(page: Page, q: TripQuery): Promise<void> {
  if (!page.url().endsWith('/reservation')) await page.goto('/reservation');
  const date = page.getByRole('textbox', { name: 'Trip date' });
  await date.click();
  await date.fill(tripDate(q.days));
  await date.press('Enter');
  const search = page.getByRole('form', { name: 'Trip search' });
  await chooseOption(page, 'From', q.from, search);
  await chooseOption(page, 'To', q.to, search);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('table', { name: 'Trips' }).getByRole('row').filter({ hasText: q.coach }).first();
  await row.getByRole('button', { name: 'Pick' }).click();
  await expect(seatMap(page).locator('[data-seat]').first()).toBeVisible();
}

export const seatMap = (page: Page): Locator => page.getByRole('group', { name: 'Seat map' });

/** Seats the map shows as free right now. */
export const freeSeats = (page: Page): Locator => seatMap(page).locator('button.seat-map__seat--available');

/** Picks a free seat and waits until its lock is taken; answers its name. */
export async function pickFreeSeat(page: Page, index = 0): Promise<string> {
  const seat = freeSeats(page).nth(index);
  const name = await seat.getAttribute('data-seat');
  if (!name) throw new Error('no free seat on this trip');
  await seat.click();
  await expect(seatMap(page).locator(`[data-seat="${name}"]`)).toHaveAttribute('aria-pressed', 'true');
  return name;
}

export async function fillPassenger(page: Page, phone: string, name: string): Promise<void> {
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByLabel('Name', { exact: true }).fill(name);
}

/** The amount in the account chip (balance or bill), as a number. */
export async function chipAmount(page: Page): Promise<number> {
  const text = await page.getByRole('status', { name: 'Account' }).innerText();
  const match = /৳\s*([\d,]+\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no amount in the account chip: ${text}`);
  return Number(match[1].replace(/,/g, ''));
}

export const money = (text: string): number => Number((/([\d,]+\.\d{2})/.exec(text)?.[1] ?? 'NaN').replace(/,/g, ''));

/** Confirms the reservation preview once the server's quote has enabled its button. */
export async function confirmPreview(page: Page): Promise<void> {
  const confirm = page.getByRole('dialog').getByRole('button', { name: /^Confirm and (sell|book|migrate)$/ });
  await expect(confirm).toBeVisible();
  await expect(confirm).toBeEnabled();
  await confirm.click();
}

async function chooseCity(page: Page, label: string, city: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('combobox', { name: label }).fill(city);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: city }).first().click();
}

/**
 * The desktop-shell specs' sale: one free seat of the first Dhaka -> Chattogram trip `days` ahead, found through the
 * search and sold with F9 to the given passenger; answers the PNR. `headingTimeout` waits longer for the screen.
 */
export async function sellOneSeat(
  page: Page,
  sale: { days: number; phone: string; name: string; headingTimeout?: number },
): Promise<string> {
  await page.goto('/reservation');
  const heading = expect(page.getByRole('heading', { name: 'Reservation' }));
  await (sale.headingTimeout === undefined
    ? heading.toBeVisible()
    : heading.toBeVisible({ timeout: sale.headingTimeout }));
  const date = page.getByLabel('Date', { exact: false }).first();
  await date.click();
  await date.fill(pickerDate(sale.days));
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
  await page.getByLabel('Phone').fill(sale.phone);
  await page.getByLabel('Name').fill(sale.name);
  await page.keyboard.press('F9');
  await confirmPreview(page);
  const pnr = await fieldValue(page.getByRole('region', { name: 'Ticket sold' }), 'PNR');
  await expect(pnr).toBeVisible();
  return (await pnr.innerText()).trim();
}

/** The print records the page sends to the server (savePrintAction), as paths. */
export function recordPrints(page: Page): string[] {
  const recorded: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/reservation/savePrintAction/')) recorded.push(new URL(request.url()).pathname);
  });
  return recorded;
}
