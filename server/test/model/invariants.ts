/**
 * What must hold after every step, read from the database: the model's tickets as the server stores them (status,
 * seats, each change one the rule book allows), each lineage's money, seats held once, the ledger chain exact,
 * commission on the net fare. A failure throws with what broke.
 */
import { ReservationStatus as S } from '@agent-portal/contract';
import { commissionGaps, doubleHeldSeats } from '../selling/invariants';
import { lapsed, SMALLEST_FINE_PERCENT, standing, type Model, type Ticket } from './model';
import type { Real } from './steps';

/** Status changes the rule book allows (issue 32: every state change is one of these). */
const STEPS: [number, number][] = [
  [S.BOOKED, S.SOLD],
  [S.BOOKED, S.CANCELLED],
  [S.SOLD, S.CANCELLED],
  [S.SOLD, S.TRIP_MIGRATED],
  [S.OPEN, S.TRIP_MIGRATED],
  [S.TRIP_MIGRATED, S.TRIP_MIGRATED_CANCELLED],
];
/** Any number of them (a command such as a chain, or a pair, takes several between two checks). */
const ALLOWED: ReadonlySet<string> = (() => {
  const reach = new Set(STEPS.map(([a, b]) => `${a}>${b}`));
  for (let grew = true; grew;) {
    grew = false;
    for (const x of [...reach])
      for (const [a, b] of STEPS) {
        const [from, to] = x.split('>').map(Number);
        if (to === a && !reach.has(`${from}>${b}`)) {
          reach.add(`${from}>${b}`);
          grew = true;
        }
      }
  }
  return reach;
})();

/** Checks named here can be switched off with MODEL_IGNORE=name,name (to hunt for one bug while others are open). */
export type Check = 'race' | 'model' | 'transition' | 'refund' | 'open-refund' | 'seats' | 'ledger' | 'commission-net';
const IGNORED = new Set((process.env.MODEL_IGNORE ?? '').split(',').filter(Boolean));
export function ignored(check: string): boolean {
  return IGNORED.has(check);
}

export class InvariantBroken extends Error {}

function fail(check: Check, message: string): void {
  if (!ignored(check)) throw new InvariantBroken(`[${check}] ${message}`);
}

/** Per ledger account: the last entry checked and the balance after it, so each check reads only new rows. */
const ledgerSeen = new WeakMap<object, Map<number, { lastId: number; balance: number }>>();

async function ledgerChain(real: Real): Promise<void> {
  const db = real.w.t.db;
  let seen = ledgerSeen.get(real.w);
  if (!seen) ledgerSeen.set(real.w, (seen = new Map()));
  const after = Math.min(...[...seen.values()].map((s) => s.lastId), Number.MAX_SAFE_INTEGER);
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['id', 'account_id', 'entry_type', 'amount_minor', 'balance_after_minor'])
    .where('id', '>', seen.size ? after : 0)
    .orderBy('id')
    .execute();
  for (const e of rows) {
    const s = seen.get(e.account_id) ?? { lastId: 0, balance: 0 };
    if (e.id <= s.lastId) continue;
    const balance = s.balance + (e.entry_type === 'CREDIT' ? e.amount_minor : -e.amount_minor);
    if (balance !== e.balance_after_minor)
      fail(
        'ledger',
        `ledger entry ${e.id} of account ${e.account_id}: balance ${e.balance_after_minor}, sum ${balance}`,
      );
    seen.set(e.account_id, { lastId: e.id, balance: e.balance_after_minor });
  }
}

/**
 * Each lineage (a first sale and the tickets migrated from it): the money returned is at most what the first sale's
 * terms allow for the money paid: never more than paid, nothing for a lineage that began as an open ticket, and no
 * more than paid less the smallest fine its terms keep (the model's floor, at least the smallest band).
 */
async function lineageMoney(m: Model, real: Real): Promise<void> {
  if (!m.tickets.length) return;
  const rows = await real.w.t.db
    .selectFrom('ledger_entries')
    .select(['reference', 'entry_type', 'amount_minor'])
    .where(
      'reference',
      'in',
      m.tickets.map((t) => t.pnr),
    )
    .execute();
  for (const [id, lineage] of m.lineages.entries()) {
    const tickets = m.tickets.filter((t) => t.lineage === id);
    const pnrs = new Set(tickets.map((t) => t.pnr));
    const mine = rows.filter((r) => r.reference !== null && pnrs.has(r.reference));
    const paid = mine.filter((r) => r.entry_type === 'DEBIT').reduce((s, r) => s + r.amount_minor, 0);
    const returned = mine.filter((r) => r.entry_type === 'CREDIT').reduce((s, r) => s + r.amount_minor, 0);
    const what = `lineage ${tickets.map((t) => `${t.pnr}(${t.status})`).join(' -> ')} began ${lineage.root}, ${lineage.hops} migration(s): paid ${paid}, returned ${returned}`;
    if (returned > paid) fail('refund', `${what}: more returned than paid`);
    if (lineage.root === 'OPEN' && returned > 0)
      fail('open-refund', `${what}: an open ticket's lineage got money back`);
    const keep = Math.max(lineage.floor, SMALLEST_FINE_PERCENT);
    // Per seat each fine rounds to the paisa: allow one paisa per seat ever cancelled.
    const slack = tickets.reduce((s, t) => s + Math.max(1, t.seats.length), 0);
    if (lineage.root !== 'OPEN' && returned > Math.floor((paid * (100 - keep)) / 100) + slack)
      fail('refund', `${what}: more returned than its terms (fine at least ${keep}%) allow`);
  }
}

/** The model's tickets as stored: status (a lapsed booking may still read 2), and each change an allowed one. */
async function storedTickets(m: Model, real: Real): Promise<void> {
  if (!m.tickets.length) return;
  const rows = await real.w.t.db
    .selectFrom('reservations')
    .select(['id', 'pnr', 'status'])
    .where(
      'pnr',
      'in',
      m.tickets.map((t) => t.pnr),
    )
    .execute();
  const seats = await real.w.t.db
    .selectFrom('reservation_seats')
    .select(['reservation_id', 'seat_name', 'commission_minor', 'fare_minor', 'discount_minor'])
    .where(
      'reservation_id',
      'in',
      rows.map((r) => r.id),
    )
    .where('active', '=', 1)
    .execute();
  for (const t of m.tickets) {
    const row = rows.find((r) => r.pnr === t.pnr);
    if (!row) {
      fail('model', `${t.pnr} is not stored`);
      continue;
    }
    const before = real.seen.get(t.pnr);
    if (before !== undefined && before !== row.status && !ALLOWED.has(`${before}>${row.status}`))
      fail('transition', `${t.pnr} went from status ${before} to ${row.status}, which the rule book never does`);
    real.seen.set(t.pnr, row.status);
    const expected = standing(m, t);
    if (row.status !== expected && !(lapsed(m, t) && row.status === S.BOOKED))
      fail('model', `${t.pnr} is stored with status ${row.status}; the model says ${expected}`);
    if (lapsed(m, t) && row.status === S.CANCELLED) settleLapse(t);
    const active = seats.filter((s) => s.reservation_id === row.id);
    const names = active.map((s) => s.seat_name).sort();
    const want = [...t.seats].sort();
    // A lapsed booking still stored as booked (not yet swept) keeps its seats until the sweep.
    if (!(lapsed(m, t) && row.status === S.BOOKED) && JSON.stringify(names) !== JSON.stringify(want))
      fail('model', `${t.pnr} holds seats [${names.join(',')}]; the model says [${want.join(',')}]`);
    // Commission on what was paid: the fare after discount (issue 32 item 10).
    if (row.status === S.SOLD || row.status === S.OPEN)
      for (const s of active) {
        const net = s.fare_minor - s.discount_minor;
        const want = Math.round((net * real.w.commissionHundredths) / 10_000);
        if (s.commission_minor !== want)
          fail(
            'commission-net',
            `${t.pnr} seat ${s.seat_name}: commission ${s.commission_minor} on fare ${s.fare_minor} - discount ${s.discount_minor}; on the net fare it is ${want}`,
          );
      }
  }
}

function settleLapse(t: Ticket): void {
  t.status = S.CANCELLED;
  t.seats = [];
  t.expiresAt = null;
}

export const timing = { stored: 0, money: 0, seats: 0, ledger: 0, commission: 0 };

/** After every step: the model's tickets, their lineages' money, seats held once, the ledger chain. */
export async function checkInvariants(m: Model, real: Real): Promise<void> {
  let t0 = performance.now();
  const lap = (k: keyof typeof timing) => {
    const t1 = performance.now();
    timing[k] += t1 - t0;
    t0 = t1;
  };
  await storedTickets(m, real);
  lap('stored');
  await lineageMoney(m, real);
  lap('money');
  const doubled = await doubleHeldSeats(real.w.t.db);
  lap('seats');
  if (doubled) fail('seats', `${doubled} pair(s) of active reservations hold one seat of one trip segment`);
  await ledgerChain(real);
  lap('ledger');
}

/**
 * After every sequence (the per-seat commission is checked after every step): unpaid commission, per agent and
 * company, equals that of the active sales.
 */
export async function checkCommissionTotals(real: Real): Promise<void> {
  const t0 = performance.now();
  const gaps = await commissionGaps(real.w.t.db);
  timing.commission += performance.now() - t0;
  if (gaps.length)
    fail('commission-net', `unpaid commission differs from that of active sales: ${JSON.stringify(gaps)}`);
}
