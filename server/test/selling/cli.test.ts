import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../../src/cli';
import { findTrip, lock, runOperator, sell, sellingContext, ticketOp, type Ctx } from './fixtures';

describe('operator CLI: trips and seats', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  const cli = (...argv: string[]) => runOperator(t, ...argv);

  it('help lists the selling commands', async () => {
    const { out } = await cli('help');
    for (const c of ['trips [--date', 'trip omit|close|open', 'seat admin-book', 'seat link', 'reservation <pnr>'])
      expect(out.join('\n')).toContain(c);
  });

  it("trips lists a day's trips with ids", async () => {
    const { code, out } = await cli('trips', '--date', '2026-01-16');
    expect(code).toBe(EXIT_OK);
    expect(out[0]).toBe('TRIP_ID\tDATE\tDEPARTS\tROUTE\tCOACH\tTYPE\tSTATE');
    // Nine routes three times a day, and PADMA's night coach to Sylhet.
    expect(out).toHaveLength(1 + 9 * 3 + 1);
    expect(out[1]).toMatch(/^\d+\t2026-01-16\t2026-01-15T20:00:00.000Z\tDhaka - Sylhet\tP-201\tNon-AC Seater\tOPEN$/);
    expect(out[2]).toMatch(
      /^\d+\t2026-01-16\t2026-01-16T01:00:00.000Z\tDhaka - Cumilla - Chattogram\tP-101\tAC Sleeper\tOPEN$/,
    );
    expect((await cli('trips')).out.slice(1).every((l) => l.includes('\t2026-01-15\t'))).toBe(true);
    expect((await cli('trips', '--date', 'tomorrow')).code).toBe(EXIT_USAGE);
  });

  it('trip add puts a trip on a route leaving that long from now, rounded up to 5 minutes', async () => {
    // The fixtures' clock: 2026-01-15 06:00 UTC, 12:00 in Dhaka.
    const { code, out } = await cli('trip', 'add', 'PADMA', 'DHK-CTG', '--in', '3h', '--coach', 'P-201');
    expect(code).toBe(EXIT_OK);
    expect(out[0]).toMatch(
      /^trip (\d+) \(P-201, PADMA DHK-CTG, 2026-01-15\) departs 2026-01-15 15:00 Asia\/Dhaka \(2026-01-15T09:00:00.000Z\)$/,
    );
    const tripId = Number(/^trip (\d+)/.exec(out[0] ?? '')?.[1]);
    // P-102 already leaves then on this route: that trip is named, none is added.
    expect((await cli('trip', 'add', 'PADMA', 'DHK-CTG', '--in', '180', '--coach', 'P-102')).out[0]).toMatch(
      /\(P-102, PADMA DHK-CTG, 2026-01-15\) departs 2026-01-15 15:00 .*, already there$/,
    );
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', day: 0, coach: 'P-201' });
    expect(trip.tripId).toBe(tripId);
    expect(trip.times).toEqual(['2026-01-15T09:00:00.000Z', '2026-01-15T11:00:00.000Z', '2026-01-15T14:00:00.000Z']);
    // Agents can sell it like any other trip.
    expect((await lock(t, agent, trip, ['A1'])).status).toBe(200);

    const rounded = await cli('trip', 'add', 'MEGHNA', 'DHK-SYL', '--in', '61');
    expect(rounded.out[0]).toMatch(/departs 2026-01-15 13:05 Asia\/Dhaka/);
    expect((await cli('trip', 'add', 'PADMA', 'NOPE', '--in', '3h')).err[0]).toBe(
      'error: no route "NOPE" of company "PADMA"',
    );
    expect((await cli('trip', 'add', 'PADMA', 'DHK-CTG', '--in', '3h', '--coach', 'M-11')).err[0]).toBe(
      'error: no active coach "M-11" of company "PADMA"',
    );
    for (const bad of [
      ['PADMA', 'DHK-CTG'],
      ['PADMA', 'DHK-CTG', '--in', 'soon'],
      ['PADMA', 'DHK-CTG', '--in', '0'],
      ['PADMA', 'DHK-CTG', '--at', '3h'],
      ['PADMA'],
    ]) {
      expect((await cli('trip', 'add', ...bad)).code).toBe(EXIT_USAGE);
    }
  });

  it('trip omit|close|open changes what agents can do', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG' });
    expect((await cli('trip', 'omit', String(trip.tripId))).out[0]).toMatch(/is OMITTED$/);
    expect((await lock(t, agent, trip, ['A1'])).body.reason).toBe('TRIP_OMITTED');
    await cli('trip', 'close', String(trip.tripId));
    expect((await lock(t, agent, trip, ['A1'])).body.reason).toBe('TRIP_IS_CLOSED');
    await cli('trip', 'open', String(trip.tripId));
    expect((await lock(t, agent, trip, ['A1'])).status).toBe(200);
    expect((await cli('trip', 'omit', '999999')).code).toBe(EXIT_FAILED);
    expect((await cli('trip', 'pause', '1')).code).toBe(EXIT_USAGE);
  });

  it('seat admin-book holds a seat (status 3) an agent can confirm with the printed PNR and PIN', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const { code, out } = await cli('seat', 'admin-book', String(trip.tripId), 'A1', '--from', '0', '--to', '1');
    expect(code).toBe(EXIT_OK);
    const [, pnr, pin] = /PNR ([A-Z0-9]{10}) PIN (\d{6})/.exec(out[0] ?? '') ?? [];
    expect((await lock(t, agent, trip, ['A1'], 0, 1)).body.reason).toBe('SEAT_UNAVAILABLE');
    expect((await lock(t, agent, trip, ['A1'], 1, 2)).status).toBe(200);
    expect((await cli('seat', 'admin-book', String(trip.tripId), 'A1', '--from', '0', '--to', '2')).code).toBe(
      EXIT_FAILED,
    );
    const confirmed = await ticketOp(t, agent, { pnr, pin, action: 8 });
    expect(confirmed.body).toMatchObject({ status: 1, agentUser: 'agent' });
    const shown = await cli('reservation', pnr as string);
    expect(shown.out[0]).toContain(`PNR ${pnr} status 1 kind ADMIN_BOOK`);
    expect(shown.out[2]).toMatch(/seat A1 Business stops 0-1 fare 550.00 status 1$/);
  });

  it('seat link holds a seat as linked (status 13)', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const { out } = await cli('seat', 'link', String(trip.tripId), 'B1');
    expect(out[0]).toContain('linked (13)');
    const details = await t.call('POST', '/api/trip/details', {
      token: agent,
      body: { tripId: trip.tripId, originStationId: trip.stations[0], destinationStationId: trip.stations[2] },
    });
    const seat = details.body.decks[0].cells.find((c: { seat?: { name: string } }) => c.seat?.name === 'B1').seat;
    expect(seat.status).toBe(13);
    expect((await cli('seat', 'link', String(trip.tripId), 'Z9')).code).toBe(EXIT_FAILED);
    expect((await cli('seat', 'link', String(trip.tripId), 'B2', '--from')).code).toBe(EXIT_USAGE);
  });

  it('reservation <pnr> shows a sale', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    const sold = await sell(t, agent, trip, ['C1']);
    const { code, out } = await cli('reservation', sold.pnr.toLowerCase());
    expect(code).toBe(EXIT_OK);
    expect(out[1]).toBe('fare 1320.00 discount 0.00 charged 1320.00');
    expect((await cli('reservation', 'NOPE000000')).code).toBe(EXIT_FAILED);
  });
});
