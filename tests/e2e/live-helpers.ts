/**
 * Steps of the live-counter specs (issue #35): two counters, each in a browser context of its own, on one trip; what
 * one does shows on the other's open seat map without a refresh.
 */
import { expect, type Page, type Response } from '@playwright/test';
import { confirmPreview, fillPassenger, openTrip, seatMap, type TripQuery } from './reservation-helpers';

export const seatCell = (page: Page, name: string) => seatMap(page).locator(`[data-seat="${name}"]`);

/** The claim of the issue: another counter's change shows within a second. */
export const ONE_SECOND = { timeout: 1000 };

const isSubscription = (response: Response, tripId: number) => {
  if (response.request().method() !== 'PUT' || !/\/api\/live\/streams\/[^/]+\/trips$/.test(response.url()))
    return false;
  const body = response.request().postDataJSON() as { tripIds?: number[] } | null;
  return response.ok() && (body?.tripIds ?? []).includes(tripId);
};

/**
 * Opens the trip's seat map; with `live`, waits until this window's stream has subscribed to the trip (the server
 * sends its events from then on). Answers the trip's id.
 */
export async function openLiveTrip(page: Page, trip: TripQuery, options: { live: boolean }): Promise<number> {
  const details = page.waitForRequest((r) => r.url().endsWith('/api/trip/details') && r.method() === 'POST');
  const subscribed: Response[] = [];
  const listener = (response: Response) => subscribed.push(response);
  page.on('response', listener);
  await openTrip(page, trip);
  const tripId = ((await details).postDataJSON() as { tripId: number }).tripId;
  if (options.live) await expect.poll(() => subscribed.some((r) => isSubscription(r, tripId))).toBe(true);
  page.off('response', listener);
  return tripId;
}

/** The next subscription of the trip on this window's stream (after a reconnect). */
export const nextSubscription = (page: Page, tripId: number) =>
  page.waitForResponse((response) => isSubscription(response, tripId));

/** Picks this free seat and waits until its lock is answered. */
export async function pick(page: Page, name: string): Promise<void> {
  await seatCell(page, name).click();
  await expect(seatCell(page, name)).toHaveAttribute('aria-pressed', 'true');
}

/** Drops this picked seat and waits until its release is answered. */
export async function drop(page: Page, name: string): Promise<void> {
  await seatCell(page, name).click();
  await expect(seatCell(page, name)).toHaveAttribute('aria-pressed', 'false');
  await expect(seatCell(page, name)).toHaveClass(/seat-map__seat--available/);
}

/** Sells the picked seats to a passenger and waits for the ticket. */
export async function sellPicked(page: Page, phone: string, name: string): Promise<void> {
  await fillPassenger(page, phone, name);
  await page.getByRole('toolbar', { name: 'Reservation actions' }).getByRole('button', { name: /^Sell/ }).click();
  await confirmPreview(page);
  await expect(page.getByRole('region', { name: 'Ticket sold' })).toBeVisible();
}

/** The free seats the trip list says the coach has. */
export async function listedFree(page: Page, coach: string): Promise<number> {
  const row = page.getByRole('table', { name: 'Trips' }).getByRole('row').filter({ hasText: coach }).first();
  const match = /(\d+) of \d+ free/.exec(await row.innerText());
  if (!match?.[1]) throw new Error(`no free-seat count in the row of ${coach}`);
  return Number(match[1]);
}

export const tripRow = (page: Page, coach: string) =>
  page.getByRole('table', { name: 'Trips' }).getByRole('row').filter({ hasText: coach }).first();

/**
 * Counter A locks a free seat, frees it, then sells it; counter B's open map shows each step within a second, and
 * B's trip list follows the sale. Answers the seat.
 */
export async function lockFreeSellSeen(a: Page, b: Page, coach: string, phone: string): Promise<string> {
  const seat = await seatMap(a).locator('button.seat-map__seat--available').first().getAttribute('data-seat');
  if (!seat) throw new Error('no free seat');
  await expect(seatCell(b, seat)).toHaveClass(/seat-map__seat--available/);
  const freeBefore = await listedFree(b, coach);

  await pick(a, seat);
  await expect(seatCell(b, seat)).toHaveClass(/seat-map__seat--lockedByOther/, ONE_SECOND);
  await drop(a, seat);
  await expect(seatCell(b, seat)).toHaveClass(/seat-map__seat--available/, ONE_SECOND);
  await pick(a, seat);
  await expect(seatCell(b, seat)).toHaveClass(/seat-map__seat--lockedByOther/, ONE_SECOND);
  await sellPicked(a, phone, 'Live Counter');
  await expect(seatCell(b, seat)).toHaveClass(/seat-map__seat--sold/, ONE_SECOND);
  // The list's free-seat count follows (read again at most every half second on a busy day).
  await expect(tripRow(b, coach)).toContainText(`${freeBefore - 1} of`);
  return seat;
}
