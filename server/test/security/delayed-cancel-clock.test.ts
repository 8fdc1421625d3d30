/**
 * Issue #32, item 11: delayed cancels keep their clock. Written as an
 * attacker would: an agent files a delayed-cancel request through the HTTP
 * API and waits for the coach to leave (or moves the boarding point later to
 * stretch the window), hoping the operator's approval still refunds.
 *
 * - The request window and the approval both run from the stop the ticket was
 *   sold from (fines.ts fineBoardingIndex), not from a boarding point moved
 *   later.
 * - An approval once the coach has left that stop is refused with
 *   DELAYED_CANCEL_APPROVAL_EXPIRED: no refund, the request stays PENDING for
 *   the operator to reject.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_FAILED } from '../../src/cli';
import { AppError } from '../../src/http/app-error';
import { balanceOf, findTrip, runOperator, sell, type Ctx, type TripRef } from '../selling/fixtures';
import { pnrContext } from './pnr-fixtures';

const H = 3_600_000;

describe('delayed cancels keep the clock of the stop the ticket was sold from', () => {
  let t: Ctx;
  let agent: string;
  let day = 0;
  beforeAll(async () => {
    t = await pnrContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  /** A sale from the first stop of a three-stop trip of its own (the next stop 2 h later). */
  async function sold(seat: string): Promise<{ pnr: string; pin: string; trip: TripRef }> {
    day += 1;
    t.clock.set('2026-01-15T06:00:00.000Z');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day, slot: 2 });
    expect(trip.stations.length).toBeGreaterThanOrEqual(3);
    const r = await sell(t, agent, trip, [seat]);
    return { pnr: r.pnr, pin: r.pin, trip };
  }
  const at = (trip: TripRef, stop: number, offsetMs: number) =>
    t.clock.set(new Date(new Date(trip.times[stop] as string).getTime() + offsetMs));
  const file = (h: { pnr: string; pin: string }) =>
    t.call('POST', '/api/reservation/delayedCancelApproval', {
      token: agent,
      body: { pnr: h.pnr, pin: h.pin, reasonId: 1, remarks: 'late' },
    });
  const requestOf = (pnr: string) =>
    t.db
      .selectFrom('delayed_cancel_requests as q')
      .innerJoin('reservations as r', 'r.id', 'q.reservation_id')
      .select(['q.id', 'q.status', 'q.refund_minor', 'r.status as reservation_status'])
      .where('r.pnr', '=', pnr)
      .executeTakeFirstOrThrow();
  const refunds = (pnr: string) =>
    t.db
      .selectFrom('ledger_entries')
      .select('amount_minor')
      .where('reference', '=', pnr)
      .where('kind', '=', 'TICKET_CANCEL_REFUND')
      .execute();

  it('a request filed in time, approved after the coach left: refused with the reason, no refund', async () => {
    const h = await sold('A1');
    at(h.trip, 0, -2 * H);
    expect((await file(h)).body).toEqual({ ok: true });
    const { id } = await requestOf(h.pnr);
    // The operator gets to it a minute after the coach left the stop it was sold from.
    at(h.trip, 0, 60_000);
    const balance = await balanceOf(t, agent, h.trip.companyId);
    const res = await runOperator(t, 'delayed-cancel', 'approve', String(id), '--employee', 'karim');
    expect(res.code).toBe(EXIT_FAILED);
    expect(res.err[0]).toContain('DELAYED_CANCEL_APPROVAL_EXPIRED');
    await expect(t.app.services.delayedCancels.approve(id, 'karim')).rejects.toSatisfy(
      (e) => e instanceof AppError && e.reason === 'DELAYED_CANCEL_APPROVAL_EXPIRED',
    );
    expect(await requestOf(h.pnr)).toMatchObject({ status: 'PENDING', refund_minor: null, reservation_status: 1 });
    expect(await refunds(h.pnr)).toEqual([]);
    expect(await balanceOf(t, agent, h.trip.companyId)).toBe(balance);
    // The listing no longer offers a refund for it; rejecting it still works.
    const listed = (await runOperator(t, 'delayed-cancels')).out.find((l) => l.startsWith(`${id}\t`));
    expect(listed?.split('\t')[9]).toBe('-');
    expect((await runOperator(t, 'delayed-cancel', 'reject', String(id), '--reason', 'coach left')).code).toBe(0);
  });

  it('a boarding point moved later does not stretch the window: no request after the sold-from stop left', async () => {
    const h = await sold('A2');
    // 5 h before the first stop (under the last band), move the boarding point to the second stop (7 h ahead).
    at(h.trip, 0, -5 * H);
    const moved = await t.call('POST', '/api/reservation/changeBoardingPoint', {
      token: agent,
      body: { pnr: h.pnr, pin: h.pin, stationId: h.trip.stations[1] },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // The coach has left the stop the ticket was sold from; the new boarding point is still ahead.
    at(h.trip, 0, 60_000);
    const res = await file(h);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('DELAYED_CANCEL_NOT_ALLOWED');
    expect(
      await t.db
        .selectFrom('delayed_cancel_requests as q')
        .innerJoin('reservations as r', 'r.id', 'q.reservation_id')
        .select('q.id')
        .where('r.pnr', '=', h.pnr)
        .execute(),
    ).toEqual([]);
  });

  it('a boarding point moved later does not stretch the approval either', async () => {
    const h = await sold('A3');
    at(h.trip, 0, -5 * H);
    expect(
      (
        await t.call('POST', '/api/reservation/changeBoardingPoint', {
          token: agent,
          body: { pnr: h.pnr, pin: h.pin, stationId: h.trip.stations[1] },
        })
      ).status,
    ).toBe(200);
    expect((await file(h)).body).toEqual({ ok: true });
    const { id } = await requestOf(h.pnr);
    at(h.trip, 0, 60_000);
    const res = await runOperator(t, 'delayed-cancel', 'approve', String(id));
    expect(res.code).toBe(EXIT_FAILED);
    expect(res.err[0]).toContain('DELAYED_CANCEL_APPROVAL_EXPIRED');
    expect(await refunds(h.pnr)).toEqual([]);
    expect((await requestOf(h.pnr)).status).toBe('PENDING');
  });

  it('an approval before the coach leaves still refunds', async () => {
    const h = await sold('A4');
    at(h.trip, 0, -2 * H);
    expect((await file(h)).body).toEqual({ ok: true });
    const { id } = await requestOf(h.pnr);
    at(h.trip, 0, -60_000);
    const res = await runOperator(t, 'delayed-cancel', 'approve', String(id));
    expect(res.err).toEqual([]);
    expect(await refunds(h.pnr)).toHaveLength(1);
    expect(await requestOf(h.pnr)).toMatchObject({ status: 'APPROVED', reservation_status: 5 });
  });
});
