import { unitsOf } from '../../src/db/units';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_CACHE_MS, MaintenanceService } from '../../src/modules/maintenance/service';
import { depositBody } from '../records/support';
import {
  create,
  findTrip,
  lock,
  passenger,
  runOperator,
  seg,
  sell,
  sellingContext,
  ticketOp,
  type Ctx,
} from './fixtures';

describe('maintenance switch (operator command, SALES_RESTRICTED)', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  /**
   * The server (another "process" than the command line) rereads the switch once its cache time has passed on the
   * server's clock.
   */
  const settle = () => t.clock.advance(MAINTENANCE_CACHE_MS + 1);

  it('on/off/status are stored in the database; wrong usage exits 2', async () => {
    expect((await runOperator(t, 'maintenance', 'status')).out).toEqual(['maintenance off']);
    const on = await runOperator(t, 'maintenance', 'on', '--message', 'Upgrade until 02:00');
    expect(on).toEqual({
      code: 0,
      out: ['maintenance on: sales refused with SALES_RESTRICTED ("Upgrade until 02:00")'],
      err: [],
    });
    const row = await t.db
      .selectFrom('server_settings')
      .selectAll()
      .where('key', '=', 'maintenance')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ value: 'on', message: 'Upgrade until 02:00', updated_at: t.clock.now().toISOString() });
    expect((await runOperator(t, 'maintenance', 'status')).out[0]).toBe(
      `maintenance on since ${t.clock.now().toISOString()} ("Upgrade until 02:00")`,
    );
    expect((await runOperator(t, 'maintenance', 'off')).out).toEqual(['maintenance off: sales open']);
    expect((await runOperator(t, 'maintenance', 'status')).out).toEqual(['maintenance off']);
    expect((await runOperator(t, 'maintenance')).code).toBe(2);
    expect((await runOperator(t, 'maintenance', 'on', '--message')).code).toBe(2);
    expect((await runOperator(t, 'maintenance', 'off', 'now')).code).toBe(2);
  });

  it('while on, seat locks, sales, money-moving ticket operations, extra weight and deposits answer 503 SALES_RESTRICTED; reads and releases work', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', slot: 1, day: 3 });
    const sold = await sell(t, agent, trip, ['L1']);
    expect((await lock(t, agent, trip, ['L2'])).status).toBe(200);
    await runOperator(t, 'maintenance', 'on');
    settle();

    const locked = await lock(t, agent, trip, ['L3']);
    expect(locked.status).toBe(503);
    expect(locked.body).toEqual({ reason: 'SALES_RESTRICTED' });
    const sale = await create(t, agent, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: ['L2'],
      passenger: passenger(),
    });
    expect(sale.status).toBe(503);
    expect(sale.body.reason).toBe('SALES_RESTRICTED');
    const cancel = await ticketOp(t, agent, {
      pnr: sold.pnr,
      pin: sold.pin,
      action: 2,
      returnAmount: sold.returnAmount,
    });
    expect(cancel.body.reason).toBe('SALES_RESTRICTED');
    const weight = await t.call('POST', '/api/extraWeightCharge', {
      token: agent,
      body: { companyId: trip.companyId, reservationPnr: sold.pnr, amount: 150, description: '2 bags' },
    });
    expect(weight.body.reason).toBe('SALES_RESTRICTED');
    const deposit = await t.call('POST', '/api/account/deposit', {
      token: agent,
      body: depositBody('MAINT-1', 1000, { companyId: trip.companyId }),
    });
    expect(deposit.body.reason).toBe('SALES_RESTRICTED');

    // Letting seats go, reads and looking a ticket up still work.
    const released = await t.call('POST', '/api/reservation/seatLock', {
      token: agent,
      body: { ...seg(trip), release: ['L2'] },
    });
    expect(released.status).toBe(200);
    expect((await t.call('GET', '/api/lookup/company', { token: agent })).status).toBe(200);
    expect(
      (await t.call('POST', '/api/reservation/byPnrAndPin', { token: agent, body: { pnr: sold.pnr, pin: sold.pin } }))
        .status,
    ).toBe(200);
    expect((await t.call('POST', '/api/trip/details', { token: agent, body: seg(trip) })).status).not.toBe(503);

    await runOperator(t, 'maintenance', 'off');
    settle();
    expect((await lock(t, agent, trip, ['L3'])).status).toBe(200);
  });

  it('the operator message is the answer message; another process sees the switch within the cache time', async () => {
    const other = new MaintenanceService(unitsOf(t.db), t.clock);
    await runOperator(t, 'maintenance', 'on', '--message', 'Back at 02:00');
    settle();
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', slot: 1, day: 3 });
    const res = await lock(t, agent, trip, ['L4']);
    expect(res.body).toEqual({ reason: 'SALES_RESTRICTED', message: 'Back at 02:00' });
    expect((await other.state()).on).toBe(true);
    // Another process's answer cached before the switch stays "off" until its cache time passes.
    await runOperator(t, 'maintenance', 'off');
    expect((await other.state()).on).toBe(true);
    expect((await other.read()).on).toBe(false);
    settle();
    expect((await other.state()).on).toBe(false);
  });
});
