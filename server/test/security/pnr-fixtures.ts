/**
 * Shared by the PNR security tests (pin-guessing, pnr-oracles): an attacker
 * of another agent, reservations of the demo agent to aim at, bursts of
 * parallel requests, and the answer every refusal must look like.
 */
import { PERMISSIONS } from '@agent-portal/contract';
import { expect } from 'vitest';
import { findTrip, makeUser, passenger, seg, sell, sellingContext, type Ctx, type TripRef } from '../selling/fixtures';

export const PARALLEL = 30;

/** A PNR no reservation has (the format is 10 upper-case letters and digits). */
export const NO_SUCH_PNR = 'ZZZZZZZZZ9';

/** Settings of these tests: limits are lifted unless a test is about that limit. */
export async function pnrContext(env: Record<string, string> = {}): Promise<Ctx> {
  const t = await sellingContext({
    PIN_MAX_WRONG_PER_USER_PER_HOUR: '1000',
    PNR_RATE_LIMIT_PER_MINUTE: '1000',
    PIN_RESEND_PER_USER_PER_HOUR: '1000',
    ...env,
  });
  // Many sales per test: every account gets enough money for them.
  for (const { id } of await t.db.selectFrom('agent_accounts').select('id').execute()) {
    await t.app.services.accounts.postAlone({
      accountId: id,
      entryType: 'CREDIT',
      amountMinor: 10_000_000,
      kind: 'DEPOSIT',
      description: 'test money',
    });
  }
  return t;
}

/** A user of another agent (AG-2001) with every permission, under both companies: the attacker. */
export function intruder(t: Ctx, name = 'intruder'): Promise<string> {
  return makeUser(t, name, [...PERMISSIONS], { agent: 'AG-2001' });
}

/** A six-digit PIN that is not `pin`. */
export function wrongPin(pin: string, offset = 1): string {
  return String((Number(pin) + offset) % 1_000_000).padStart(6, '0');
}

export function wrongPins(pin: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => wrongPin(pin, i + 1));
}

/**
 * The answer without the PNR it names, so answers about two PNRs compare
 * by shape and content alone (an echoed PNR is no oracle: the caller sent it).
 */
export function shape(res: { status: number; body: unknown }, pnr: string): { status: number; body: unknown } {
  return { status: res.status, body: JSON.parse(JSON.stringify(res.body).split(pnr).join('<PNR>')) };
}

let dayCounter = 0;
const used = new Set<string>();

/** The trip's seat names in layout order, from the seat map. */
export async function seatNames(t: Ctx, token: string, trip: TripRef): Promise<string[]> {
  const res = await t.call('POST', '/api/trip/details', { token, body: seg(trip) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.decks as { cells: { seat?: { name: string } }[] }[]).flatMap((d) =>
    d.cells.flatMap((c) => (c.seat ? [c.seat.name] : [])),
  );
}

/** A fresh sold reservation of `token`'s agent on MEGHNA Dhaka - Chattogram, each on a seat of its own. */
export async function soldBy(t: Ctx, token: string): Promise<{ pnr: string; pin: string; trip: TripRef }> {
  dayCounter = (dayCounter % 12) + 1;
  const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: dayCounter, slot: 1 });
  const seat = (await seatNames(t, token, trip)).find((name) => !used.has(`${trip.tripId}:${name}`));
  if (!seat) throw new Error(`no free seat on trip ${trip.tripId}`);
  used.add(`${trip.tripId}:${seat}`);
  const sold = await sell(t, token, trip, [seat]);
  return { pnr: sold.pnr, pin: sold.pin, trip };
}

export const lookup = (t: Ctx, token: string, pnr: string, pin: string) =>
  t.call('POST', '/api/reservation/byPnrAndPin', { token, body: { pnr, pin } });

/** The answer every PNR+PIN route gives a wrong PIN, a PNR that does not exist and one that is not the caller's. */
export const WRONG = { status: 422, body: { reason: 'WRONG_PNR_PIN' } };

/** PIN_LOCK_MINUTES of these tests (the default). */
export const LOCK_MINUTES = 15;

/** When a lock that starts now ends. */
export const lockEndFrom = (t: Ctx) => new Date(t.clock.now().getTime() + LOCK_MINUTES * 60_000).toISOString();

export function expectLocked(
  res: { status: number; body: { reason?: string; details?: { until?: string } } },
  until: string,
  what = 'locked',
): void {
  expect({ status: res.status, reason: res.body.reason, until: res.body.details?.until }, what).toEqual({
    status: 423,
    reason: 'PNR_LOCKED',
    until,
  });
}

/** These tests' context, the demo agent signed in (the owner of the tickets) and an intruder of another agent. */
export async function ownerAndIntruder(env: Record<string, string> = {}) {
  const t = await pnrContext(env);
  const owner = await t.login('agent');
  return { t, owner, attacker: await intruder(t) };
}

export function expectWrong(res: { status: number; body: unknown }, what: string): void {
  expect({ status: res.status, body: res.body }, what).toEqual(WRONG);
}

export { passenger, seg };
