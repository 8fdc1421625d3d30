/**
 * Live events for what changes seats without a click on that trip (issue #35): a seat lock or a booking that runs out
 * (the hub's lapse watch, on the server's clock, moved by hand here: nothing waits on wall time), a migration, a
 * boarding-point change, the booking sweep, and a session that expires (its stream ends with session-ended).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatNames } from '../security/pnr-fixtures';
import {
  findTrip,
  lock,
  makeUser,
  migrate,
  seg,
  sell,
  sellingContext,
  type Ctx,
  type TripRef,
} from '../selling/fixtures';
import { follow, listening, LiveClient } from './live-client';

describe('live events of lapses, migrations, boarding changes and expired sessions', () => {
  let t: Ctx;
  let base: string;
  /** Another user of the demo agent (AG-1001): another counter. */
  let otherCounter: string;
  beforeAll(async () => {
    // Sessions end after two idle hours here (the lapses below move the clock by minutes, a fresh sign-in each).
    t = await sellingContext({ SESSION_IDLE_HOURS: '2' });
    base = await listening(t.app);
    otherCounter = await makeUser(t, 'counter-two', ['AGENT_CREATE_RESERVATION', 'AGENT_CREATE_BOOKING']);
  });
  afterAll(() => t.close());

  const hub = () => t.app.live!.hub;
  const opened: LiveClient[] = [];
  afterAll(() => opened.forEach((c) => c.close()));
  /** A stream of a fresh session following `trips`, and its trips' versions as the trip details answer them now. */
  async function watching(...trips: TripRef[]) {
    const token = await t.login('agent');
    const s = await LiveClient.open(base, token);
    opened.push(s);
    expect(
      (
        await follow(
          base,
          token,
          s.streamId,
          trips.map((x) => x.tripId),
        )
      ).status,
    ).toBe(200);
    const versions = await Promise.all(
      trips.map(
        async (x) => (await t.call('POST', '/api/trip/details', { token, body: seg(x) })).body.liveVersion as number,
      ),
    );
    return { s, token, versions };
  }
  const trip = (day: number, slot = 0) => findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day, slot });
  /** The trip's first `n` seat names (coaches differ). */
  const seats = async (x: TripRef, n: number) => (await seatNames(t, await t.login('agent'), x)).slice(0, n);

  it('a seat lock that runs out is raised FREE, with the next version, on the stream that saw it locked', async () => {
    const x = await trip(5);
    const seller = await t.login('agent');
    const [a1, a2] = await seats(x, 2);
    const { s, versions } = await watching(x);
    expect((await lock(t, seller, x, [a1!, a2!])).status).toBe(200);
    await s.waitFor((e) => e.name === 'trip' && e.data.version === versions[0]! + 1);
    // Not yet: a minute before the lock's end nothing lapses.
    t.clock.advanceMinutes(t.config.reservations.seatLockMinutes - 1);
    await hub().checkLapses();
    t.clock.advanceMinutes(1);
    await hub().checkLapses();
    const lapsed = await s.waitFor((e) => e.name === 'trip' && e.data.version === versions[0]! + 2);
    expect(lapsed.data.seats.map((x: { seat: string; state: string }) => `${x.seat}:${x.state}`).sort()).toEqual(
      [`${a1}:FREE`, `${a2}:FREE`].sort(),
    );
    // Once: the locks are gone, a second look raises nothing.
    await hub().checkLapses();
    expect(s.tripEvents(x.tripId)).toHaveLength(2);
  });

  it('a lock made before the trip was followed lapses too (its end read from the database on follow)', async () => {
    const x = await trip(5, 1);
    const [seat] = await seats(x, 1);
    expect((await lock(t, await t.login('agent'), x, [seat!])).status).toBe(200);
    const { s, versions } = await watching(x);
    t.clock.advanceMinutes(t.config.reservations.seatLockMinutes);
    await hub().checkLapses();
    const lapsed = await s.waitFor((e) => e.name === 'trip');
    expect(lapsed.data).toMatchObject({ version: versions[0]! + 1, seats: [{ seat, state: 'FREE' }] });
  });

  it('a lapsed lock whose seat another counter locked since is not raised FREE: the map is read afresh', async () => {
    const x = await trip(5, 2);
    const [seat] = await seats(x, 1);
    expect((await lock(t, await t.login('agent'), x, [seat!])).status).toBe(200);
    const { s, versions } = await watching(x);
    t.clock.advanceMinutes(t.config.reservations.seatLockMinutes);
    // Another counter takes the seat the moment the first lock ran out, before the watch looked.
    expect((await lock(t, otherCounter, x, [seat!])).status).toBe(200);
    await hub().checkLapses();
    const events = async () => {
      await s.waitFor((e) => e.name === 'trip' && e.data.version === versions[0]! + 2);
      return s.tripEvents(x.tripId).map((e) => e.data);
    };
    const [locked, lapsed] = await events();
    expect(locked).toMatchObject({ seats: [{ seat, state: 'LOCKED' }] });
    expect(lapsed).toMatchObject({ seats: [], refetch: true });
  });

  it('a booking that runs out is raised (the trip read afresh), by the lapse watch or by the booking sweep', async () => {
    const x = await trip(6);
    const agent = await t.login('agent');
    await sell(t, agent, x, await seats(x, 1), { kind: 'BOOK' });
    const { s, versions } = await watching(x);
    t.clock.advanceMinutes(t.config.reservations.bookingHoldMinutes);
    await hub().checkLapses();
    expect((await s.waitFor((e) => e.name === 'trip')).data).toEqual({
      tripId: x.tripId,
      version: versions[0]! + 1,
      seats: [],
      refetch: true,
    });

    // The periodic sweep, before the hub looks: its unit raises the event as well, and the hub then finds nothing.
    const y = await trip(6, 1);
    await sell(t, await t.login('agent'), y, await seats(y, 1), { kind: 'BOOK' });
    const other = await watching(y);
    t.clock.advanceMinutes(t.config.reservations.bookingHoldMinutes);
    expect(await t.app.services.bookingExpiry.expire()).toBe(1);
    expect((await other.s.waitFor((e) => e.name === 'trip')).data).toEqual({
      tripId: y.tripId,
      version: other.versions[0]! + 1,
      seats: [],
      refetch: true,
    });
    await hub().checkLapses();
    const details = await t.call('POST', '/api/trip/details', { token: await t.login('agent'), body: seg(y) });
    expect(details.body.liveVersion).toBe(other.versions[0]! + 1);
    expect(other.s.tripEvents(y.tripId)).toHaveLength(1);
  });

  it('a migration raises the seats taken on the new trip and reads the old trip afresh', async () => {
    const from = await trip(7);
    const to = await trip(7, 1);
    const agent = await t.login('agent');
    const ticket = await sell(t, agent, from, await seats(from, 1));
    const [seat] = await seats(to, 1);
    const { s, versions } = await watching(from, to);
    const moved = await migrate(t, agent, ticket, to, [seat!]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const sold = await s.waitFor(
      (e) => e.name === 'trip' && e.data.tripId === to.tripId && e.data.version === versions[1]! + 2,
    );
    expect(sold.data.seats).toMatchObject([{ seat, state: 'SOLD' }]);
    expect((await s.waitFor((e) => e.name === 'trip' && e.data.tripId === from.tripId)).data).toEqual({
      tripId: from.tripId,
      version: versions[0]! + 1,
      seats: [],
      refetch: true,
    });
  });

  it('a boarding-point change reads the trip afresh', async () => {
    const x = await trip(8, 2);
    const agent = await t.login('agent');
    const ticket = await sell(t, agent, x, await seats(x, 1));
    const { s, versions } = await watching(x);
    const changed = await t.call('POST', '/api/reservation/changeBoardingPoint', {
      token: agent,
      body: { pnr: ticket.pnr, pin: ticket.pin, stationId: x.stations[1] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await s.waitFor((e) => e.name === 'trip')).data).toEqual({
      tripId: x.tripId,
      version: versions[0]! + 1,
      seats: [],
      refetch: true,
    });
  });

  it('a session that expires ends its stream with session-ended EXPIRED', async () => {
    const { s } = await watching();
    t.clock.advanceHours(2);
    await hub().sweep();
    expect((await s.waitFor((e) => e.name === 'session-ended')).data).toEqual({ reason: 'EXPIRED' });
    await s.waitForEnd();
  });
});
