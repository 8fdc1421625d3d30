import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrip, lock, seg, sellingContext, type Ctx } from './fixtures';

describe('POST /api/reservation/seatLock', () => {
  let t: Ctx;
  let agent: string;
  let postpaid: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
    postpaid = await t.login('postpaid');
  });
  afterAll(() => t.close());

  it('locks up to 5 seats of a segment; the sixth is MAX_SEAT_WARNING with the maximum', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', slot: 1 });
    const res = await lock(t, agent, trip, ['L1', 'L2', 'L3']);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ seats: ['L1', 'L2', 'L3'], expiresAt: '2026-01-15T06:05:00.000Z' });
    expect((await lock(t, agent, trip, ['L4', 'L5'])).body.seats).toHaveLength(5);
    const sixth = await lock(t, agent, trip, ['L6']);
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({ reason: 'MAX_SEAT_WARNING', details: { max: 5 } });
    // Re-locking held seats is not "more": it renews them.
    t.clock.advanceMinutes(3);
    const renewed = await lock(t, agent, trip, ['L1']);
    expect(renewed.status).toBe(200);
    const row = await t.db
      .selectFrom('seat_locks')
      .select('expires_at')
      .where('trip_id', '=', trip.tripId)
      .where('seat_name', '=', 'L1')
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBe('2026-01-15T06:08:00.000Z');
    const released = await t.call('POST', '/api/reservation/seatLock', {
      token: agent,
      body: { ...seg(trip), release: ['L1', 'L2', 'L3', 'L4', 'L5'] },
    });
    expect(released.body).toEqual({ seats: [], expiresAt: null });
    t.clock.set('2026-01-15T06:00:00.000Z');
  });

  it('refuses seats locked by someone else (SEAT_UNAVAILABLE naming them) until the lock lapses', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', slot: 1, day: 2 });
    expect((await lock(t, agent, trip, ['U1'])).status).toBe(200);
    const taken = await lock(t, postpaid, trip, ['U1', 'U2']);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ reason: 'SEAT_UNAVAILABLE', details: { seats: ['U1'] } });
    // Another segment that does not overlap is free... the route is one stretch of two legs: Dhaka-Cumilla vs
    // Cumilla-Ctg.
    const own = await lock(t, agent, trip, ['U3'], 0, 1);
    expect(own.status).toBe(200);
    expect((await lock(t, postpaid, trip, ['U3'], 1, 2)).status).toBe(200);
    t.clock.advanceMinutes(5);
    expect((await lock(t, postpaid, trip, ['U1'])).status).toBe(200);
    t.clock.set('2026-01-15T06:00:00.000Z');
  });

  it('applies the coach seat limit (SEAT_LIMIT_EXCEEDED with the remaining number)', async () => {
    // The demo agent may hold 4 seats of an AC Sleeper on one PADMA trip.
    const trip = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG', slot: 0, day: 3 });
    const res = await lock(t, agent, trip, ['L1', 'L2', 'L3', 'L4', 'L5']);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ reason: 'SEAT_LIMIT_EXCEEDED', details: { remaining: 4 } });
    expect((await lock(t, agent, trip, ['L1', 'L2', 'L3'])).status).toBe(200);
    expect((await lock(t, agent, trip, ['L4', 'L5'])).body).toMatchObject({
      reason: 'SEAT_LIMIT_EXCEEDED',
      details: { remaining: 1 },
    });
  });

  it('one lock per user and seat: re-locked it moves to the new segment and expiry, lapsed ones are replaced, a release and a lock go together', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', slot: 1, day: 5 });
    const userId = async (username: string) =>
      (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    const [me, other] = [await userId('agent'), await userId('postpaid')];
    const locksOf = (seat: string) =>
      t.db
        .selectFrom('seat_locks')
        .select(['user_id', 'from_index', 'to_index', 'expires_at'])
        .where('trip_id', '=', trip.tripId)
        .where('seat_name', '=', seat)
        .execute();
    expect((await lock(t, postpaid, trip, ['L4'])).status).toBe(200);
    expect((await locksOf('L4')).map((l) => l.user_id)).toEqual([other]);
    expect((await lock(t, agent, trip, ['L1', 'L2'], 0, 1)).status).toBe(200);
    t.clock.advanceMinutes(2);
    const moved = await lock(t, agent, trip, ['L1'], 0, 2);
    expect(moved.body).toEqual({ seats: ['L1', 'L2'], expiresAt: '2026-01-15T06:05:00.000Z' });
    expect(await locksOf('L1')).toEqual([
      { user_id: me, from_index: 0, to_index: 2, expires_at: '2026-01-15T06:07:00.000Z' },
    ]);
    const swapped = await t.call('POST', '/api/reservation/seatLock', {
      token: agent,
      body: { ...seg(trip), lock: ['L3'], release: ['L2'] },
    });
    expect(swapped.body.seats).toEqual(['L1', 'L3']);
    expect(await locksOf('L2')).toEqual([]);
    // Both the caller's own L1 and the other user's L4 have lapsed: each is replaced by one new lock of the caller.
    t.clock.advanceMinutes(10);
    const again = await lock(t, agent, trip, ['L1', 'L4']);
    expect(again.body).toEqual({ seats: ['L1', 'L4'], expiresAt: '2026-01-15T06:17:00.000Z' });
    for (const seat of ['L1', 'L4'])
      expect(await locksOf(seat)).toEqual([
        { user_id: me, from_index: 0, to_index: 2, expires_at: '2026-01-15T06:17:00.000Z' },
      ]);
    expect((await locksOf('L3')).map((l) => l.user_id)).toEqual([]);
    t.clock.set('2026-01-15T06:00:00.000Z');
  });

  it('refuses unknown seats and callers without a selling permission', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', slot: 0, day: 4 });
    const unknown = await lock(t, agent, trip, ['Z9']);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ reason: 'SEAT_NOT_FOUND', details: { seats: ['Z9'] } });
    const tooMany = await t.call('POST', '/api/reservation/seatLock', {
      token: agent,
      body: { ...seg(trip), lock: ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'] },
    });
    expect(tooMany.status).toBe(400);
  });
});
