/**
 * Live counters (issue #35): every open seat map sees every other counter within a second, with no refresh; a
 * dropped stream is reconnected and the map read again; a server without the stream is polled.
 */
import { expect, request, test, type Browser } from '@playwright/test';
import { E2E_PORT } from './support/env';
import { DEMO, signIn } from './support/session';
import { scratchSqlite, startE2eServer, type E2eServer } from './support/server-process';
import { lockFreeSellSeen, nextSubscription, ONE_SECOND, openLiveTrip, pick, seatCell } from './live-helpers';
import { seatMap } from './reservation-helpers';

// Two browser contexts signing in and opening a trip each: more than one spec's default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

/**
 * A counter: a browser context of its own (its own session), signed in as `user` on `baseURL`. `discoveries`: the
 * statuses of its asks whether the server offers the stream (GET /api/live), heard from the page's first request on
 * (the portal may ask while it signs in, before a test could wait for it).
 */
async function counter(browser: Browser, user: { username: string; password: string }, baseURL?: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  const discoveries: number[] = [];
  page.on('response', (r) => new URL(r.url()).pathname === '/api/live' && discoveries.push(r.status()));
  await signIn(page, user);
  return { context, page, discoveries };
}

test('a seat locked, freed and sold at one counter shows on the other counter within a second (SQLite)', async ({
  browser,
}) => {
  const a = await counter(browser, DEMO.agent);
  const b = await counter(browser, DEMO.seller);
  const trip = { days: 9, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' };
  await openLiveTrip(a.page, trip, { live: true });
  await openLiveTrip(b.page, trip, { live: true });
  await lockFreeSellSeen(a.page, b.page, trip.coach, '01711000351');
  await a.context.close();
  await b.context.close();
});

test('a dropped stream is opened again and the map read again: what changed meanwhile shows', async ({ browser }) => {
  const a = await counter(browser, DEMO.agent);
  const b = await counter(browser, DEMO.seller);
  const trip = { days: 10, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' };
  await openLiveTrip(a.page, trip, { live: true });
  const tripId = await openLiveTrip(b.page, trip, { live: true });

  // B's network goes: its stream drops. A takes a seat meanwhile; B cannot hear of it.
  await b.context.setOffline(true);
  const seat = await seatMap(a.page).locator('button.seat-map__seat--available').first().getAttribute('data-seat');
  if (!seat) throw new Error('no free seat');
  await pick(a.page, seat);
  await expect(seatCell(b.page, seat)).toHaveClass(/seat-map__seat--available/);

  // Back online: the stream reconnects, subscribes again and reads the map again, which shows A's lock.
  const resubscribed = nextSubscription(b.page, tripId);
  const reread = b.page.waitForRequest(
    (r) => r.url().endsWith('/api/trip/details') && (r.postDataJSON() as { tripId: number }).tripId === tripId,
  );
  await b.context.setOffline(false);
  await resubscribed;
  await reread;
  await expect(seatCell(b.page, seat)).toHaveClass(/seat-map__seat--lockedByOther/, ONE_SECOND);
  await a.context.close();
  await b.context.close();
});

test.describe('a server without the stream', () => {
  /** The second port of this run: a server of its own with live events off (404 on GET /api/live). */
  const port = E2E_PORT + 1;
  let server: E2eServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startE2eServer({ port, databaseUrl: scratchSqlite(port), env: { LIVE_EVENTS: 'off' } });
  });
  test.afterAll(async () => server?.stop());

  test("polls the open trip: another counter's lock shows within the polling interval", async ({ browser }) => {
    const a = await counter(browser, DEMO.agent, server.baseUrl);
    const b = await counter(browser, DEMO.seller, server.baseUrl);
    const streams: string[] = [];
    b.page.on('request', (r) => r.url().includes('/api/live/') && streams.push(r.url()));
    const trip = { days: 9, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' };
    await openLiveTrip(a.page, trip, { live: false });
    await openLiveTrip(b.page, trip, { live: false });
    await expect.poll(() => b.discoveries).toEqual([404]);

    const seat = await seatMap(a.page).locator('button.seat-map__seat--available').first().getAttribute('data-seat');
    if (!seat) throw new Error('no free seat');
    await pick(a.page, seat);
    // The poll's interval (4 s when the server does not say), then one read of the map and its repaint, which on
    // the 2-core CI machine running the suite can take more than a second.
    await expect(seatCell(b.page, seat)).toHaveClass(/seat-map__seat--lockedByOther/, { timeout: 6000 });
    // Never assumed: no stream was asked for.
    expect(streams).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});

test.describe('a seat lock that runs out', () => {
  /** The second port again (after the server above has stopped): a server whose seat locks last one minute. */
  const port = E2E_PORT + 1;
  let server: E2eServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startE2eServer({ port, databaseUrl: scratchSqlite(port), env: { SEAT_LOCK_MINUTES: '1' } });
  });
  test.afterAll(async () => server?.stop());

  test('shows free on an open map within a second of its end, with no refresh', async ({ browser }) => {
    const b = await counter(browser, DEMO.seller, server.baseUrl);
    const trip = { days: 9, from: 'Dhaka', to: 'Chattogram', coach: 'P-102' };
    const opened = b.page.waitForRequest((r) => r.url().endsWith('/api/trip/details') && r.method() === 'POST');
    await openLiveTrip(b.page, trip, { live: true });
    const segment = (await opened).postDataJSON() as {
      tripId: number;
      originStationId: number;
      destinationStationId: number;
    };
    const seat = await seatMap(b.page).locator('button.seat-map__seat--available').first().getAttribute('data-seat');
    if (!seat) throw new Error('no free seat');

    // Another counter locks the seat and then does nothing more (no screen of its own renewing it): over the API.
    const other = await request.newContext({ baseURL: server.baseUrl });
    const login = await other.post('/api/login', { data: DEMO.agent });
    const { token } = (await login.json()) as { token: string };
    const locked = await other.post('/api/reservation/seatLock', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...segment, lock: [seat], release: [] },
    });
    expect(locked.status()).toBe(200);
    // The lock ends a minute after the server made it, so no later than a minute after its answer came (the server's
    // clock is its own, FIXED_NOW in these runs: its expiresAt is not this machine's time).
    const endsBy = Date.now() + 60_000;
    await expect(seatCell(b.page, seat)).toHaveClass(/seat-map__seat--lockedByOther/, ONE_SECOND);

    // From the stream, not a read of the map: no trip details asked for from here on.
    const reads: string[] = [];
    b.page.on('request', (r) => r.url().endsWith('/api/trip/details') && reads.push(r.url()));
    // Shown free within a second of the lock's end.
    await expect(seatCell(b.page, seat)).toHaveClass(/seat-map__seat--available/, {
      timeout: Math.max(0, endsBy - Date.now()) + 1000,
    });
    expect(reads).toEqual([]);
    await other.dispose();
    await b.context.close();
  });
});
