/**
 * Class C, empty or meaningless operations, written as an attacker would:
 * requests that change nothing real (cancel no seats, ask the same approval
 * again and again, extend a booking of a trip that will not run, read a seat
 * map of a route not one's own, keep 5 seats on every leg). Each must be
 * refused with its reason and write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findTrip,
  lock,
  seg,
  sell,
  sellingContext,
  ticketOp,
  tripStateSet,
  type Ctx,
  type TripRef,
} from '../selling/fixtures';
import { userId } from '../helpers';
import { lookupKeyOf } from '../../src/modules/idempotency/sealing';
import { burstWhileBusy } from './burst';

const PARALLEL = 30;
const NOW = '2026-01-15T06:00:00.000Z';

describe('meaningless operations are refused and write nothing', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  /** Everything a ticket operation could have written about a reservation. */
  async function footprint(pnr: string) {
    const row = await t.db.selectFrom('reservations').selectAll().where('pnr', '=', pnr).executeTakeFirstOrThrow();
    const [events, seats, ledger, uses, requests] = await Promise.all([
      t.db
        .selectFrom('reservation_events')
        .select(['action', 'remarks'])
        .where('reservation_id', '=', row.id)
        .orderBy('id')
        .execute(),
      t.db
        .selectFrom('reservation_seats')
        .select(['seat_name', 'status', 'active'])
        .where('reservation_id', '=', row.id)
        .orderBy('id')
        .execute(),
      t.db
        .selectFrom('ledger_entries')
        .select(['entry_type', 'amount_minor'])
        .where('reference', '=', pnr)
        .orderBy('id')
        .execute(),
      t.db.selectFrom('coupon_uses').select(['active']).where('reservation_id', '=', row.id).execute(),
      t.db.selectFrom('delayed_cancel_requests').select(['status']).where('reservation_id', '=', row.id).execute(),
    ]);
    return { row, events, seats, ledger, uses, requests };
  }

  describe('a partial cancel naming no seats', () => {
    it('of a sold ticket (action 2): VALIDATION_FAILED on seats, nothing moved, no "CANCELLED " event', async () => {
      const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
      const sold = await sell(t, agent, trip, ['A1', 'A2']);
      const before = await footprint(sold.pnr);
      for (const returnAmount of [0, sold.returnAmount]) {
        const res = await ticketOp(t, agent, { pnr: sold.pnr, pin: sold.pin, action: 2, seats: [], returnAmount });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body).toMatchObject({
          reason: 'VALIDATION_FAILED',
          details: { fields: { seats: expect.any(String) } },
        });
      }
      expect(await footprint(sold.pnr)).toEqual(before);
    });

    it('of a booking (action 5): VALIDATION_FAILED on seats, nothing moved', async () => {
      const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
      const booked = await sell(t, agent, trip, ['A1', 'A2'], { kind: 'BOOK' });
      const before = await footprint(booked.pnr);
      const res = await ticketOp(t, agent, { pnr: booked.pnr, pin: booked.pin, action: 5, seats: [] });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({
        reason: 'VALIDATION_FAILED',
        details: { fields: { seats: expect.any(String) } },
      });
      expect(await footprint(booked.pnr)).toEqual(before);
    });

    it('with an Idempotency-Key: refused the same, and nothing stored under the key', async () => {
      const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
      const sold = await sell(t, agent, trip, ['A1', 'A2']);
      const res = await ticketOp(
        t,
        agent,
        { pnr: sold.pnr, pin: sold.pin, action: 2, seats: [], returnAmount: 0 },
        { 'idempotency-key': 'empty-cancel' },
      );
      expect(res.status).toBe(400);
      expect(
        await t.db
          .selectFrom('idempotency_keys')
          .select('key')
          .where('key', 'in', ['empty-cancel', lookupKeyOf(await userId(t.db, 'agent'), 'empty-cancel')])
          .execute(),
      ).toEqual([]);
    });
  });

  describe('delayed-cancel requests', () => {
    let trip: TripRef;
    let boarding: number;
    beforeAll(async () => {
      trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5 });
      boarding = new Date(trip.times[0] as string).getTime();
    });

    it('a second request for the same reservation while one is pending: DELAYED_CANCEL_NOT_ALLOWED, nothing written', async () => {
      t.clock.set(NOW);
      const sold = await sell(t, agent, trip, ['B1']);
      t.clock.set(new Date(boarding - 2 * 3_600_000));
      const body = { pnr: sold.pnr, pin: sold.pin, reasonId: 1, remarks: 'Fever' };
      expect((await t.call('POST', '/api/reservation/delayedCancelApproval', { token: agent, body })).body).toEqual({
        ok: true,
      });
      const before = await footprint(sold.pnr);
      expect(before.requests).toEqual([{ status: 'PENDING' }]);
      for (const again of [body, { ...body, reasonId: 2, remarks: 'Another reason' }]) {
        const res = await t.call('POST', '/api/reservation/delayedCancelApproval', { token: agent, body: again });
        expect(res.status, JSON.stringify(res.body)).toBe(403);
        expect(res.body).toMatchObject({ reason: 'DELAYED_CANCEL_NOT_ALLOWED', details: { pending: true } });
      }
      expect(await footprint(sold.pnr)).toEqual(before);
      t.clock.set(NOW);
    });

    it(`${PARALLEL} parallel requests for one reservation: exactly one request and one event`, async () => {
      t.clock.set(NOW);
      const sold = await sell(t, agent, trip, ['B2']);
      t.clock.set(new Date(boarding - 2 * 3_600_000));
      const body = { pnr: sold.pnr, pin: sold.pin, reasonId: 1 };
      const answers = await burstWhileBusy(t, () =>
        Array.from({ length: PARALLEL }, () =>
          t.call('POST', '/api/reservation/delayedCancelApproval', { token: agent, body }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200).map((a) => a.body.reason)).toEqual(
        Array(PARALLEL - 1).fill('DELAYED_CANCEL_NOT_ALLOWED'),
      );
      const after = await footprint(sold.pnr);
      expect(after.requests).toHaveLength(1);
      expect(after.events.filter((e) => e.action === 'DELAYED_CANCEL_REQUESTED')).toHaveLength(1);
      t.clock.set(NOW);
    });
  });

  describe('extending a booking of a trip that will not run', () => {
    for (const [state, reason] of [
      ['CLOSED', 'TRIP_IS_CLOSED'],
      ['OMITTED', 'TRIP_OMITTED'],
      ['OMIT_PENDING', 'TRIP_OMIT_PENDING'],
    ] as const) {
      it(`${state}: ${reason}, the expiry unchanged`, async () => {
        t.clock.set(NOW);
        const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6, coach: 'M-11' });
        const booked = await sell(t, agent, trip, [state === 'CLOSED' ? 'C1' : state === 'OMITTED' ? 'C2' : 'C3'], {
          kind: 'BOOK',
        });
        await tripStateSet(t, trip.tripId, state);
        try {
          const before = await footprint(booked.pnr);
          const expirationTime = new Date(new Date(trip.times[0] as string).getTime() - 2 * 3_600_000).toISOString();
          const res = await ticketOp(t, agent, { pnr: booked.pnr, pin: booked.pin, action: 6, expirationTime });
          expect([res.status, res.body.reason]).toEqual([422, reason]);
          expect(await footprint(booked.pnr)).toEqual(before);
        } finally {
          await tripStateSet(t, trip.tripId, 'OPEN');
        }
      });
    }
  });

  describe('the seat map of a route not assigned to the agent', () => {
    it('trip/details answers TRIP_NOT_ALLOWED like search and lock', async () => {
      // The seller's agent (AG-1002) has PADMA's DHK-CTG and DHK-RAJ, not DHK-SYL.
      const seller = await t.login('seller');
      const syl = await findTrip(t, { company: 'PADMA', route: 'DHK-SYL' });
      const search = await t.call('POST', '/api/trip/searchByCode', {
        token: seller,
        body: { companyId: syl.companyId, tripDate: '2026-01-16', coachCode: syl.coachCode },
      });
      expect(search.body.filter((r: { routeId: number }) => r.routeId === syl.routeId)).toEqual([]);
      expect((await lock(t, seller, syl, ['A1'])).body.reason).toBe('TRIP_NOT_ALLOWED');
      const details = await t.call('POST', '/api/trip/details', { token: seller, body: seg(syl) });
      expect([details.status, details.body.reason]).toEqual([403, 'TRIP_NOT_ALLOWED']);
      // An assigned route still answers.
      const ctg = await findTrip(t, { company: 'PADMA', route: 'DHK-CTG' });
      expect((await t.call('POST', '/api/trip/details', { token: seller, body: seg(ctg) })).status).toBe(200);
    });
  });

  describe('locked seats count on the whole trip, not per segment', () => {
    it('5 seats on the first leg leave none for the second leg (MAX_SEAT_WARNING), renewing them still works', async () => {
      t.clock.set(NOW);
      const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 7, coach: 'M-12' });
      expect(trip.stations.length).toBeGreaterThanOrEqual(3);
      const first = await lock(t, agent, trip, ['L1', 'L2', 'L3', 'L4', 'L5'], 0, 1);
      expect(first.status).toBe(200);
      const second = await lock(
        t,
        agent,
        trip,
        ['L1', 'L2', 'L3', 'L4', 'L5'].map((s) => s.replace('L', 'U')),
        1,
        2,
      );
      expect([second.status, second.body.reason]).toEqual([409, 'MAX_SEAT_WARNING']);
      expect((await lock(t, agent, trip, ['L6'], 1, 2)).body.reason).toBe('MAX_SEAT_WARNING');
      const mine = await t.db
        .selectFrom('seat_locks')
        .select('seat_name')
        .where('trip_id', '=', trip.tripId)
        .where('user_id', '=', await userId(t.db, 'agent'))
        .execute();
      expect(mine.map((l) => l.seat_name).sort()).toEqual(['L1', 'L2', 'L3', 'L4', 'L5']);
      // Renewing the seats held is not "more", and moving one to another segment is not either.
      t.clock.advanceMinutes(3);
      expect((await lock(t, agent, trip, ['L1', 'L2', 'L3', 'L4', 'L5'], 0, 1)).status).toBe(200);
      expect((await lock(t, agent, trip, ['L5'], 1, 2)).status).toBe(200);
      expect((await lock(t, agent, trip, ['U1'], 1, 2)).body.reason).toBe('MAX_SEAT_WARNING');
      t.clock.set(NOW);
    });

    it(`${PARALLEL} parallel one-seat locks spread over every segment: exactly 5 held on the trip`, async () => {
      t.clock.set(NOW);
      const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 8, coach: 'M-12' });
      const segments: [number, number][] = [
        [0, 1],
        [1, 2],
        [0, 2],
      ];
      const seats = Array.from({ length: PARALLEL }, (_, i) => `${i % 2 ? 'U' : 'L'}${Math.floor(i / 2) + 1}`);
      const answers = await burstWhileBusy(t, () =>
        seats.map((seat, i) => lock(t, agent, trip, [seat], ...(segments[i % 3] as [number, number]))),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(t.config.sales.maxLockedSeats);
      expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.reason))).toEqual(
        new Set(['MAX_SEAT_WARNING']),
      );
      const mine = await t.db
        .selectFrom('seat_locks')
        .select('seat_name')
        .where('trip_id', '=', trip.tripId)
        .where('user_id', '=', await userId(t.db, 'agent'))
        .execute();
      expect(mine).toHaveLength(t.config.sales.maxLockedSeats);
    });
  });
});
