/**
 * The idempotency table keeps a sale's answer for a day so a retry is never
 * charged twice, and that answer carries the PIN. Whoever reads the database
 * or a backup must not find PINs there: not in the answer, not behind a plain
 * hash of a ticket operation's body (which holds the PIN), not by the key.
 */
import { createReservationRequestSchema } from '@agent-portal/contract';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupKeyOf } from '../src/modules/idempotency/sealing';
import { IdempotencyService } from '../src/modules/idempotency/service';
import { userId } from './helpers';
import {
  balanceOf,
  create,
  findTrip,
  lock,
  passenger,
  seg,
  sell,
  sellingContext,
  ticketOp,
  type Ctx,
} from './selling/fixtures';

describe('idempotency answers hold no secret in clear', () => {
  let t: Ctx;
  let agent: string;
  beforeAll(async () => {
    t = await sellingContext();
    agent = await t.login('agent');
  });
  afterAll(() => t.close());

  const tableText = async () => JSON.stringify(await t.db.selectFrom('idempotency_keys').selectAll().execute());

  it('a sale: the stored row shows neither the key, the PNR nor the PIN, and a retry answers the same PIN and charges once', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 2 });
    const before = await balanceOf(t, agent, trip.companyId);
    expect((await lock(t, agent, trip, ['B1'])).status).toBe(200);
    const body = { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: ['B1'], passenger: passenger() };
    const key = 'sale-key-3f1c9a7e';
    const first = await create(t, agent, body, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const { pnr, pin } = first.body as { pnr: string; pin: string };

    const stored = await tableText();
    for (const secret of [key, pnr, pin]) expect(stored).not.toContain(secret);

    const again = await create(t, agent, body, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ pnr, pin });
    const charged = before - (await balanceOf(t, agent, trip.companyId));
    expect(charged).toBeCloseTo((first.body as { totalFare: number }).totalFare, 2);
  });

  it('a ticket operation: the stored request fingerprint cannot be matched against guessed PINs', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const sold = await sell(t, agent, trip, ['C1', 'C2']);
    const body = { pnr: sold.pnr, pin: sold.pin, action: 2, seats: ['C1'], returnAmount: sold.returnAmount / 2 };
    const res = await ticketOp(t, agent, body, { 'idempotency-key': 'cancel-key-77d0' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // What an offline attacker would compute for each of the million PINs: none may equal a stored column.
    const plainFingerprint = IdempotencyService.requestHash('ticketOperation', body);
    expect(await tableText()).not.toContain(plainFingerprint);
    expect(await tableText()).not.toContain(createHash('sha256').update('cancel-key-77d0').digest('hex'));
  });

  it('a row stored in clear before the upgrade is still honoured: a retry across the upgrade is not sold twice', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 4 });
    expect((await lock(t, agent, trip, ['D1'])).status).toBe(200);
    const body = { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: ['D1'], passenger: passenger() };
    const first = await create(t, agent, body, { 'idempotency-key': 'legacy-key' });
    expect(first.status).toBe(200);
    // Rewrite the row as the server stored it before sealing: key, request hash and answer in clear.
    await t.db
      .updateTable('idempotency_keys')
      .set({
        key: 'legacy-key',
        request_hash: IdempotencyService.requestHash('createReservation', createReservationRequestSchema.parse(body)),
        response_json: JSON.stringify(first.body),
      })
      .where('key', '=', lookupKeyOf(await userId(t.db, 'agent'), 'legacy-key'))
      .execute();
    const before = await balanceOf(t, agent, trip.companyId);
    const res = await create(t, agent, body, { 'idempotency-key': 'legacy-key' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(first.body);
    expect(await balanceOf(t, agent, trip.companyId)).toBe(before);
  });
});
