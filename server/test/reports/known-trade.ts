/**
 * The known two days of trade the report tests read (the same as
 * reports.test.ts sets up), all money in paisa:
 * D1: S1 two seats; S2 one seat, cancelled with a 10 % fine; S3 one seat,
 *     migrated to a dearer trip; a booking (no sale).
 * D2: S4 one seat; S5 one seat on a trip the operator then omits; a second
 *     user of the same agent and outlet ("clerk") sells one seat (G).
 */
import { PERMISSIONS } from '@agent-portal/contract';
import { expect } from 'vitest';
import {
  create,
  findTrip,
  lock,
  makeUser,
  passenger,
  seg,
  sell,
  sellingContext,
  ticketOp,
  type Ctx,
} from '../selling/fixtures';

export const D1 = '2026-01-15';
export const D2 = '2026-01-16';
/** Every report permission, from the contract's list. */
export const REPORT_PERMISSIONS: string[] = PERMISSIONS.filter((name) => name.startsWith('AGENT_REPORT_'));
export const SALE_PERMISSIONS = ['AGENT_CREATE_RESERVATION', 'AGENT_VIEW_PASSENGER'];
const DAY_MS = 86_400_000;

export const p = (amount: number) => Math.round(amount * 100);

export interface KnownTrade {
  t: Ctx;
  agent: string;
  clerk: string;
  companyId: number;
  outletId: number;
  names: { company: string; agent: string; outlet: string };
  fare: { s1: number; s2: number; s3: number; migrated: number; booking: number; s4: number; s5: number; g: number };
  refundS2: number;
  migrationCharge: number;
  pnr: { s1: string; s2: string; s3: string; migrated: string; booking: string; s4: string; s5: string; g: string };
  /** The agent's commission on a fare on the route sold (paisa). */
  commissionOf: (fareMinor: number) => number;
}

/** env: settings for the server under test (e.g. lower report caps). */
export async function knownTrade(env: Record<string, string> = {}): Promise<KnownTrade> {
  const t = await sellingContext(env);
  const agent = await t.login('agent');
  const clerk = await makeUser(t, 'clerk', SALE_PERMISSIONS);
  const agentRow = await t.db
    .selectFrom('users')
    .select(['outlet_id', 'agent_id'])
    .where('username', '=', 'agent')
    .executeTakeFirstOrThrow();
  const outletId = agentRow.outlet_id ?? 0;

  const day6 = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6, slot: 0 });
  const day7 = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 7, slot: 1 });
  const companyId = day6.companyId;
  const rule = await t.db
    .selectFrom('agent_route_commissions')
    .select(['commission_type', 'value_hundredths'])
    .where('agent_id', '=', agentRow.agent_id)
    .where('route_id', '=', day6.routeId)
    .executeTakeFirst();
  const commissionOf = (f: number) =>
    !rule
      ? 0
      : rule.commission_type === 'FIXED'
        ? Math.min(rule.value_hundredths, f)
        : Math.round((f * rule.value_hundredths) / 10_000);

  const s1 = await sell(t, agent, day6, ['A1', 'A2']);
  const s2 = await sell(t, agent, day6, ['B1']);
  const quote = await t.call('POST', '/api/reservation/byPnrAndPin', {
    token: agent,
    body: { pnr: s2.pnr, pin: s2.pin },
  });
  const cancelled = await ticketOp(t, agent, {
    pnr: s2.pnr,
    pin: s2.pin,
    action: 2,
    returnAmount: quote.body.returnAmount,
  });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  const s3 = await sell(t, agent, day6, ['C1']);
  const migrationQuote = await t.call('POST', '/api/reservation/validateTripMigration', {
    token: agent,
    body: { pnr: s3.pnr, pin: s3.pin, ...seg(day7), seats: ['L1'] },
  });
  await lock(t, agent, day7, ['L1']);
  const moved = await create(t, agent, {
    companyId,
    kind: 'MIGRATE',
    ...seg(day7),
    seats: ['L1'],
    migrateFrom: { pnr: s3.pnr, pin: s3.pin },
    passenger: passenger(),
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const booking = await sell(t, agent, day6, ['D1'], { kind: 'BOOK' });

  t.clock.advance(DAY_MS);
  const day8 = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 8, slot: 0 });
  const day9 = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 9, slot: 0 });
  const s4 = await sell(t, agent, day8, ['E1']);
  const s5 = await sell(t, agent, day9, ['F1']);
  await t.app.services.tripOperator.setState(day9.tripId, 'OMITTED');
  const g = await sell(t, clerk, day8, ['G1']);

  const [company, agentName, outlet] = await Promise.all([
    t.db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow(),
    t.db.selectFrom('agents').select('name').where('id', '=', agentRow.agent_id).executeTakeFirstOrThrow(),
    t.db.selectFrom('outlets').select('name').where('id', '=', outletId).executeTakeFirstOrThrow(),
  ]);
  return {
    t,
    agent,
    clerk,
    companyId,
    outletId,
    names: { company: company.name, agent: agentName.name, outlet: outlet.name },
    fare: {
      s1: p(s1.totalFare),
      s2: p(s2.totalFare),
      s3: p(s3.totalFare),
      migrated: p(moved.body.totalFare),
      booking: p(booking.totalFare),
      s4: p(s4.totalFare),
      s5: p(s5.totalFare),
      g: p(g.totalFare),
    },
    refundS2: p(quote.body.returnAmount),
    migrationCharge: p(migrationQuote.body.charge),
    pnr: {
      s1: s1.pnr,
      s2: s2.pnr,
      s3: s3.pnr,
      migrated: moved.body.pnr,
      booking: booking.pnr,
      s4: s4.pnr,
      s5: s5.pnr,
      g: g.pnr,
    },
    commissionOf,
  };
}
