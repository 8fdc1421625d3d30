import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../../src/cli';
import { balanceOf, findTrip, runOperator, sell, sellingContext, type Ctx, type TripRef } from './fixtures';
import { refuseWrites } from '../helpers';
import { commissionGaps, ledgerBreaks } from './invariants';

const H = 3_600_000;

describe('operator CLI: delayed-cancel requests (issue #14)', () => {
  let t: Ctx;
  let agent: string;
  let day = 0;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  const cli = (...argv: string[]) => runOperator(t, ...argv);

  /**
   * A sale on a trip of its own, then a delayed-cancel request 2 h before boarding (under the last band); the clock
   * stays there.
   */
  async function requested(
    seats = ['B1', 'B2'],
  ): Promise<{ pnr: string; pin: string; trip: TripRef; requestId: number; net: number }> {
    day += 1;
    t.clock.set('2026-01-15T06:00:00.000Z');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day, slot: 0 });
    const sold = await sell(t, agent, trip, seats);
    t.clock.set(new Date(new Date(trip.times[0] as string).getTime() - 2 * H));
    const res = await t.call('POST', '/api/reservation/delayedCancelApproval', {
      token: agent,
      body: { pnr: sold.pnr, pin: sold.pin, reasonId: 1, remarks: 'Passenger ill' },
    });
    expect(res.body).toEqual({ ok: true });
    const { id } = await t.db
      .selectFrom('delayed_cancel_requests as q')
      .innerJoin('reservations as r', 'r.id', 'q.reservation_id')
      .select('q.id')
      .where('r.pnr', '=', sold.pnr)
      .executeTakeFirstOrThrow();
    return { pnr: sold.pnr, pin: sold.pin, trip, requestId: id, net: sold.totalFare };
  }

  const reservation = (pnr: string) =>
    t.db.selectFrom('reservations').selectAll().where('pnr', '=', pnr).executeTakeFirstOrThrow();
  const history = async (pnr: string) =>
    (await t.call('POST', '/api/reservation/history', { token: agent, body: { pnr } })).body as {
      action: string;
      user: string | null;
      amount: number | null;
      remarks: string | null;
      remark: { code: string; params: Record<string, string> } | null;
    }[];
  const requestStatus = async (id: number) =>
    (await t.db.selectFrom('delayed_cancel_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const refunds = (pnr: string) =>
    t.db
      .selectFrom('ledger_entries')
      .select(['entry_type', 'amount_minor', 'kind', 'description'])
      .where('reference', '=', pnr)
      .where('kind', '=', 'TICKET_CANCEL_REFUND')
      .execute();

  it('help names the commands', async () => {
    const text = (await cli('help')).out.join('\n');
    for (const c of [
      'delayed-cancels [--status',
      'delayed-cancel approve <requestId>',
      'delayed-cancel reject <requestId> --reason',
    ])
      expect(text).toContain(c);
  });

  it('lists pending requests with the refund approving would give', async () => {
    const r = await requested();
    const { code, out } = await cli('delayed-cancels');
    expect(code).toBe(EXIT_OK);
    expect(out[0]).toBe(
      'REQUEST_ID\tREQUESTED_AT\tSTATUS\tPNR\tRES_STATUS\tCOMPANY\tAGENT\tUSER\tSEATS\tREFUND\tREASON\tREMARKS\tDECISION',
    );
    const line = out.find((l) => l.startsWith(`${r.requestId}\t`));
    const reason = await t.db
      .selectFrom('delayed_cancel_reasons')
      .select('reason')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    // The last band of the default 48:10,24:25,6:50 keeps 50%.
    expect(line).toBe(
      [
        r.requestId,
        t.clock.now().toISOString(),
        'PENDING',
        r.pnr,
        1,
        'MEGHNA',
        'AG-1001',
        'agent',
        'B1,B2',
        (r.net / 2).toFixed(2),
        reason.reason,
        'Passenger ill',
        '-',
      ].join('\t'),
    );
    expect((await cli('delayed-cancels', '--status', 'APPROVED')).out.some((l) => l.includes(r.pnr))).toBe(false);
    expect((await cli('delayed-cancels', '--status', 'soon')).code).toBe(EXIT_USAGE);
  });

  it('approve cancels and refunds by the largest fine in one go, recorded like a cancel; a second approve changes nothing', async () => {
    const r = await requested();
    const balance = await balanceOf(t, agent, r.trip.companyId);
    const approved = await cli('delayed-cancel', 'approve', String(r.requestId), '--employee', 'karim');
    expect(approved.err).toEqual([]);
    expect(approved.code).toBe(EXIT_OK);
    expect(approved.out).toEqual([
      `delayed-cancel request ${r.requestId} APPROVED by karim: reservation ${r.pnr} cancelled, ${(r.net / 2).toFixed(2)} refunded to agent AG-1001`,
    ]);

    const row = await reservation(r.pnr);
    expect(row.status).toBe(5);
    expect(row.charged_minor).toBe(Math.round((r.net * 100) / 2));
    expect(
      await t.db
        .selectFrom('reservation_seats')
        .select(['status', 'active'])
        .where('reservation_id', '=', row.id)
        .execute(),
    ).toEqual([
      { status: 5, active: 0 },
      { status: 5, active: 0 },
    ]);
    expect(await balanceOf(t, agent, r.trip.companyId)).toBeCloseTo(balance + r.net / 2, 2);
    expect(await refunds(r.pnr)).toEqual([
      {
        entry_type: 'CREDIT',
        amount_minor: Math.round((r.net * 100) / 2),
        kind: 'TICKET_CANCEL_REFUND',
        description: `Delayed cancellation ${r.pnr}: B1, B2 (request ${r.requestId}, approved by karim)`,
      },
    ]);
    const cancelled = (await history(r.pnr)).find((h) => h.action === 'CANCELLED');
    expect(cancelled).toMatchObject({
      user: 'agent',
      amount: r.net / 2,
      remarks: `delayed cancel request ${r.requestId} approved by karim: fine ${(r.net / 2).toFixed(2)} (50%)`,
      // The same as a code and parameters, for the portal to say in the agent's language.
      remark: {
        code: 'DELAYED_CANCEL_APPROVED',
        params: { request: String(r.requestId), employee: 'karim', fine: (r.net / 2).toFixed(2), percent: '50' },
      },
    });
    expect(
      await t.db
        .selectFrom('delayed_cancel_requests')
        .select(['status', 'decided_by', 'decided_at', 'refund_minor'])
        .where('id', '=', r.requestId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'APPROVED',
      decided_by: 'karim',
      decided_at: t.clock.now().toISOString(),
      refund_minor: Math.round((r.net * 100) / 2),
    });

    // Again: answered, nothing written (no second refund, no second history row).
    const events = (await history(r.pnr)).length;
    const again = await cli('delayed-cancel', 'approve', String(r.requestId));
    expect(again.code).toBe(EXIT_OK);
    expect(again.out[0]).toMatch(
      new RegExp(`^delayed-cancel request ${r.requestId} was already APPROVED by karim at .*; nothing changed$`),
    );
    expect(await refunds(r.pnr)).toHaveLength(1);
    expect(await history(r.pnr)).toHaveLength(events);
    // The opposite decision is refused.
    const reject = await cli('delayed-cancel', 'reject', String(r.requestId), '--reason', 'too late');
    expect(reject.code).toBe(EXIT_FAILED);
    expect(reject.err[0]).toMatch(/already APPROVED by karim at .*; nothing changed$/);
    expect(await requestStatus(r.requestId)).toBe('APPROVED');

    expect((await cli('delayed-cancels')).out.some((l) => l.includes(r.pnr))).toBe(false);
    expect((await cli('delayed-cancels', '--status', 'APPROVED')).out.find((l) => l.includes(r.pnr))).toContain(
      `\tAPPROVED\t${r.pnr}\t5\t`,
    );
    expect(await ledgerBreaks(t)).toEqual([]);
    expect(await commissionGaps(t.db)).toEqual([]);
  });

  it('reject keeps the ticket and writes the reason to the history; a second reject changes nothing; the agent may ask again', async () => {
    const r = await requested(['C1']);
    const balance = await balanceOf(t, agent, r.trip.companyId);
    expect((await cli('delayed-cancel', 'reject', String(r.requestId))).code).toBe(EXIT_USAGE);
    const rejected = await cli(
      'delayed-cancel',
      'reject',
      String(r.requestId),
      '--reason',
      'No proof of illness',
      '--employee',
      'karim',
    );
    expect(rejected).toEqual({
      code: EXIT_OK,
      out: [`delayed-cancel request ${r.requestId} REJECTED by karim: reservation ${r.pnr} kept: No proof of illness`],
      err: [],
    });
    expect((await reservation(r.pnr)).status).toBe(1);
    expect(await balanceOf(t, agent, r.trip.companyId)).toBe(balance);
    expect(await refunds(r.pnr)).toEqual([]);
    const rows = await history(r.pnr);
    expect(rows.at(-1)).toMatchObject({
      action: 'DELAYED_CANCEL_REJECTED',
      user: 'system',
      amount: null,
      remarks: `delayed cancel request ${r.requestId} rejected by karim: No proof of illness`,
      remark: {
        code: 'DELAYED_CANCEL_REJECTED',
        params: { request: String(r.requestId), employee: 'karim', reason: 'No proof of illness' },
      },
    });
    // What the agent typed with the request has no code: it is shown as written.
    expect(rows.find((h) => h.action === 'DELAYED_CANCEL_REQUESTED')).toMatchObject({
      remarks: 'Passenger ill',
      remark: null,
    });

    const again = await cli('delayed-cancel', 'reject', String(r.requestId), '--reason', 'whatever');
    expect(again.code).toBe(EXIT_OK);
    expect(again.out[0]).toMatch(/was already REJECTED by karim at .*No proof of illness\); nothing changed$/);
    expect(await history(r.pnr)).toHaveLength(rows.length);
    expect((await cli('delayed-cancel', 'approve', String(r.requestId))).code).toBe(EXIT_FAILED);
    expect((await reservation(r.pnr)).status).toBe(1);

    // Decided, so no longer pending: the agent can file a new request.
    const anew = await t.call('POST', '/api/reservation/delayedCancelApproval', {
      token: agent,
      body: { pnr: r.pnr, pin: r.pin, reasonId: 2 },
    });
    expect(anew.body).toEqual({ ok: true });
  });

  it('approving a request whose reservation is no longer sold is refused and changes nothing', async () => {
    const r = await requested(['D1']);
    await t.db.updateTable('reservations').set({ status: 5 }).where('pnr', '=', r.pnr).execute();
    const res = await cli('delayed-cancel', 'approve', String(r.requestId));
    expect(res.code).toBe(EXIT_FAILED);
    expect(res.err[0]).toBe(
      `error: reservation ${r.pnr} is no longer sold (status 5); nothing changed: reject request ${r.requestId} instead`,
    );
    expect(await requestStatus(r.requestId)).toBe('PENDING');
    expect(await refunds(r.pnr)).toEqual([]);
    expect((await cli('delayed-cancels')).out.find((l) => l.startsWith(`${r.requestId}\t`))?.split('\t')[9]).toBe('-');
  });

  it('a failure at the last write of the cancel rolls the whole approval back', async () => {
    const r = await requested(['E1']);
    const balance = await balanceOf(t, agent, r.trip.companyId);
    // The history row is written after the refund, the commission reversal, the seats and the status.
    const lift = await refuseWrites(
      t.db,
      { name: 'fail_cancel_event', table: 'reservation_events', event: 'insert', when: "new.action like 'CANCELLED%'" },
      'history write failed',
    );
    try {
      await expect(cli('delayed-cancel', 'approve', String(r.requestId))).rejects.toThrow('history write failed');
    } finally {
      await lift();
    }
    expect((await reservation(r.pnr)).status).toBe(1);
    expect(await balanceOf(t, agent, r.trip.companyId)).toBe(balance);
    expect(await refunds(r.pnr)).toEqual([]);
    expect(await requestStatus(r.requestId)).toBe('PENDING');
    expect((await cli('delayed-cancel', 'approve', String(r.requestId))).code).toBe(EXIT_OK);
    expect(await refunds(r.pnr)).toHaveLength(1);
    expect(await ledgerBreaks(t)).toEqual([]);
  });

  it('refuses unknown requests with exit 1 and wrong usage with exit 2', async () => {
    expect(await cli('delayed-cancel', 'approve', '99999')).toEqual({
      code: EXIT_FAILED,
      out: [],
      err: ['error: no delayed-cancel request 99999'],
    });
    for (const bad of [
      ['approve'],
      ['approve', 'x'],
      ['maybe', '1'],
      ['approve', '1', '--reason', 'x'],
      ['reject', '1', '--reason'],
    ]) {
      expect((await cli('delayed-cancel', ...bad)).code).toBe(EXIT_USAGE);
    }
  });
});
