/**
 * Issue #32, item 6: the original prints once. Written as an attacker would: a
 * seller without AGENT_PRINT_TICKET records ORIGINAL on a ticket it already
 * printed (a reprint without the permission), once at a time and many at once.
 *
 * - Without AGENT_PRINT_TICKET, ORIGINAL is recorded only while the ticket has
 *   never been printed (a conditional write: exactly one of any number at
 *   once); later prints are reprints, refused with PERMISSION_DENIED.
 * - With the permission (the unprinted-tickets batch needs it), an ORIGINAL on
 *   a printed ticket is recorded as what it is, a REPRINT: never two ORIGINALs.
 * - An extra weight receipt's original prints once too: a later ORIGINAL is
 *   recorded as a REPRINT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrip, makeUser, sell, type Ctx, type TripRef } from '../selling/fixtures';
import { burstWhileBusy } from './burst';
import { PARALLEL, pnrContext, seatNames } from './pnr-fixtures';

describe('the original prints once', () => {
  let t: Ctx;
  let seller: string;
  let printer: string;
  let trip: TripRef;
  let seats: string[] = [];
  beforeAll(async () => {
    t = await pnrContext();
    // A counter of the demo agent that sells but may not reprint.
    seller = await makeUser(t, 'seller-no-print', ['AGENT_CREATE_RESERVATION', 'AGENT_VIEW_PASSENGER']);
    printer = await t.login('agent');
    trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5, slot: 1 });
    seats = await seatNames(t, printer, trip);
  });
  afterAll(() => t.close());

  const nextSeat = () => {
    const seat = seats.shift();
    if (!seat) throw new Error('no seat left');
    return seat;
  };
  const print = (token: string, pnr: string, type: 'ORIGINAL' | 'REPRINT') =>
    t.call('GET', `/api/reservation/savePrintAction/${pnr}/${type}`, { token });
  const prints = async (pnr: string) => {
    const r = await t.db
      .selectFrom('reservations')
      .select(['id', 'print_count'])
      .where('pnr', '=', pnr)
      .executeTakeFirstOrThrow();
    const rows = await t.db
      .selectFrom('print_actions')
      .select('print_type')
      .where('reservation_id', '=', r.id)
      .orderBy('id')
      .execute();
    return { count: r.print_count, types: rows.map((x) => x.print_type) };
  };

  it('a seller without AGENT_PRINT_TICKET records ORIGINAL once; the second is a reprint, refused', async () => {
    const sold = await sell(t, seller, trip, [nextSeat()]);
    expect((await print(seller, sold.pnr, 'ORIGINAL')).body).toEqual({ ok: true, printCount: 1 });
    const again = await print(seller, sold.pnr, 'ORIGINAL');
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({
      reason: 'PERMISSION_DENIED',
      details: { required: { allOf: ['AGENT_PRINT_TICKET'] } },
    });
    expect(await prints(sold.pnr)).toEqual({ count: 1, types: ['ORIGINAL'] });
    // An agent with the permission reprints.
    expect((await print(printer, sold.pnr, 'REPRINT')).body).toEqual({ ok: true, printCount: 2 });
    expect((await print(seller, sold.pnr, 'ORIGINAL')).body.reason).toBe('PERMISSION_DENIED');
    expect(await prints(sold.pnr)).toEqual({ count: 2, types: ['ORIGINAL', 'REPRINT'] });
  });

  it(`${PARALLEL} ORIGINALs at once from a seller without the permission: exactly one is recorded`, async () => {
    const sold = await sell(t, seller, trip, [nextSeat()]);
    const answers = await burstWhileBusy(t, () =>
      Array.from({ length: PARALLEL }, () => print(seller, sold.pnr, 'ORIGINAL')),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.reason === 'PERMISSION_DENIED')).toHaveLength(PARALLEL - 1);
    expect(await prints(sold.pnr)).toEqual({ count: 1, types: ['ORIGINAL'] });
  });

  it('the batch (AGENT_PRINT_TICKET) records one ORIGINAL per ticket: a printed ticket, or a second call, is a REPRINT', async () => {
    const first = await sell(t, seller, trip, [nextSeat()]);
    const second = await sell(t, seller, trip, [nextSeat()]);
    expect((await print(seller, first.pnr, 'ORIGINAL')).status).toBe(200);
    const unprinted = async () =>
      (
        await t.call('POST', '/api/reservation/unprinted', { token: printer, body: { companyId: trip.companyId } })
      ).body.items.map((r: { pnr: string }) => r.pnr) as string[];
    expect(await unprinted()).toContain(second.pnr);
    // The batch prints every listed ticket as ORIGINAL; a stale list or a double click sends them again, at once.
    const answers = await burstWhileBusy(t, () =>
      [first, second, first, second, second].map((s) => print(printer, s.pnr, 'ORIGINAL')),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await prints(first.pnr)).types).toEqual(['ORIGINAL', 'REPRINT', 'REPRINT']);
    expect((await prints(second.pnr)).types.filter((x) => x === 'ORIGINAL')).toHaveLength(1);
    expect((await prints(second.pnr)).count).toBe(3);
    expect(await unprinted()).not.toContain(second.pnr);
  });

  it("an extra weight receipt's ORIGINAL is recorded once; a later one is a REPRINT", async () => {
    const sold = await sell(t, printer, trip, [nextSeat()]);
    const charged = await t.call('POST', '/api/extraWeightCharge', {
      token: printer,
      body: { companyId: trip.companyId, reservationPnr: sold.pnr, amount: 50, description: 'bag' },
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    const receipt = (token: string) =>
      t.call('POST', '/api/extraWeightCharge/savePrintAction', {
        token,
        body: { pnr: charged.body.pnr, printType: 'ORIGINAL' },
      });
    const answers = await burstWhileBusy(t, () => Array.from({ length: 5 }, () => receipt(printer)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const found = await t.call('POST', '/api/extraWeightCharge/find', {
      token: printer,
      body: { pnr: charged.body.pnr },
    });
    expect(found.body).toMatchObject({ printCount: 5, lastPrintType: 'REPRINT' });
    expect((await receipt(printer)).body).toEqual({ ok: true, printCount: 6 });
    expect(
      (await t.call('POST', '/api/extraWeightCharge/find', { token: printer, body: { pnr: charged.body.pnr } })).body
        .lastPrintType,
    ).toBe('REPRINT');
  });
});
