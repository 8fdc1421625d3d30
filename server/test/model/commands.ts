/**
 * The commands fast-check draws (fc.commands) and runs against the model and the real server (fc.asyncModelRun).
 * Each names its ticket by a number taken modulo the model's tickets, so a shrunk sequence replays as written
 * (toString prints it as the code that builds it: regressions.test.ts pastes such sequences).
 */
import fc from 'fast-check';
import { ReservationStatus as S } from '@agent-portal/contract';
import { checkInvariants, ignored, InvariantBroken } from './invariants';
import { cloneModel, type Expect, type Model, type Ticket } from './model';
import {
  boardingStep,
  cancelStep,
  confirmStep,
  decideStep,
  delayedStep,
  depositDecisionStep,
  depositStep,
  extendStep,
  migrateStep,
  openStep,
  printStep,
  saleStep,
  type Outcome,
  type Real,
  type Step,
} from './steps';
import { FULL, NO_PRINT } from './world';

type Cmd = fc.AsyncCommand<Model, Real, false>;

const permits = (e: Expect, ok: boolean) => e === 'either' || (e === 'ok') === ok;
const said = (out: Outcome) => `${out.status} ${JSON.stringify(out.body).slice(0, 300)}`;

/** How often each kind of step succeeded and was refused over the run (printed with MODEL_STATS=1). */
export const tally = new Map<string, { ok: number; refused: number }>();
function count(step: Step, out: Outcome, prefix = ''): void {
  const kind = prefix + step.label.split(/ [#A-Z0-9]{2,}| x\d| on | by | to | of /)[0];
  const row = tally.get(kind) ?? { ok: 0, refused: 0 };
  if (out.ok) row.ok += 1;
  else row.refused += 1;
  tally.set(kind, row);
}

/** One step alone: the answer must be the rule book's, then the model follows it and the invariants must hold. */
async function single(m: Model, real: Real, step: Step): Promise<void> {
  const e = step.expect(m);
  const out = await step.send(real);
  count(step, out);
  if (process.env.MODEL_TRACE)
    console.log(`${new Date(m.now).toISOString()} ${step.label}: expected ${e}, ${said(out)}`);
  if (!permits(e, out.ok) && !ignoredAnswer(step))
    throw new InvariantBroken(`[answer] ${step.label}: the rule book says ${e}, the server answered ${said(out)}`);
  if (out.ok) await step.apply(m, out, real);
}

/** MODEL_IGNORE=print or approve-late silences the answers of those known open items while hunting another. */
function ignoredAnswer(step: Step): boolean {
  return (
    (ignored('print') && step.label.startsWith('print')) || (ignored('approve-late') && step.label.includes('approves'))
  );
}

/**
 * Two steps sent at the same instant: the two answers must be those of one of the two serial orders (for two state
 * changes of one ticket that each alone would succeed: exactly one succeeds), and the model becomes that order's.
 */
async function pair(m: Model, real: Real, a: Step, b: Step): Promise<void> {
  const [oa, ob] = await Promise.all([a.send(real), b.send(real)]);
  count(a, oa, 'pair: ');
  count(b, ob, 'pair: ');
  const orders: [Step, Outcome, Step, Outcome][] = [
    [a, oa, b, ob],
    [b, ob, a, oa],
  ];
  for (const [first, o1, second, o2] of orders) {
    const mm = cloneModel(m);
    if (!permits(first.expect(mm), o1.ok)) continue;
    if (o1.ok) await first.apply(mm, o1, real);
    if (!permits(second.expect(mm), o2.ok)) continue;
    if (o2.ok) await second.apply(mm, o2, real);
    Object.assign(m, mm);
    return;
  }
  if (ignoredAnswer(a) || ignoredAnswer(b) || ignored('race')) {
    // Hunting another bug: follow whichever answers came.
    if (oa.ok) await a.apply(m, oa, real);
    if (ob.ok) await b.apply(m, ob, real);
    return;
  }
  throw new InvariantBroken(
    `[race] at the same instant: (1) ${a.label} answered ${said(oa)}; (2) ${b.label} answered ${said(ob)}; ` +
      `no serial order of the two gives these answers (alone: ${a.expect(m)}, ${b.expect(m)})`,
  );
}

async function after(m: Model, real: Real): Promise<void> {
  await checkInvariants(m, real);
}

const pickTicket = (m: Model, pick: number, where: (t: Ticket) => boolean = () => true): Ticket | null => {
  const list = m.tickets.filter(where);
  return list.length ? (list[pick % list.length] as Ticket) : null;
};
const lineageOf = (m: Model, t: Ticket) => m.lineages[t.lineage]?.root;
/** Tickets still standing (not cancelled or migrated away) are picked most. */
const live = (t: Ticket) => t.status === S.SOLD || t.status === S.BOOKED || t.status === S.OPEN;
/** The tickets an operation is meant for (two picks in three aim there; the third may hit any live ticket). */
const MEANT: Record<TicketOp | 'approve', (t: Ticket, m: Model) => boolean> = {
  confirm: (t) => t.status === S.BOOKED,
  extend: (t) => t.status === S.BOOKED,
  cancel: (t) => t.status === S.SOLD || t.status === S.BOOKED,
  partial: (t) => (t.status === S.SOLD || t.status === S.BOOKED) && t.seats.length > 1,
  migrate: (t) => t.status === S.SOLD || t.status === S.OPEN,
  boarding: (t) => (t.status === S.SOLD || t.status === S.BOOKED) && t.from + 1 < t.to,
  delayed: (t) => t.status === S.SOLD,
  original: live,
  reprint: live,
  approve: (t, m) => m.requests.some((r) => r.ticket === t.n),
};
function aim(m: Model, op: TicketOp | 'approve', pick: number): Ticket | null {
  const meant = pick % 3 === 0 ? null : pickTicket(m, pick, (t) => MEANT[op](t, m));
  return meant ?? pickTicket(m, pick, live) ?? pickTicket(m, pick);
}

export class Sale implements Cmd {
  constructor(
    readonly kind: 'SELL' | 'BOOK' | 'OPEN',
    readonly user: number,
    readonly trip: 0 | 1,
    readonly segment: number,
    readonly count: number,
    readonly skip: number,
    readonly coupon: boolean,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const step =
      this.kind === 'OPEN'
        ? openStep(m, { user: this.user, count: this.count, coupon: this.coupon })
        : saleStep(m, { ...this, kind: this.kind });
    if (!step) return;
    await single(m, real, step);
    await after(m, real);
  }
  toString = () =>
    `new Sale('${this.kind}', ${this.user}, ${this.trip}, ${this.segment}, ${this.count}, ${this.skip}, ${this.coupon})`;
}

export type TicketOp =
  'confirm' | 'cancel' | 'partial' | 'migrate' | 'boarding' | 'delayed' | 'extend' | 'original' | 'reprint';

async function ticketStep(
  m: Model,
  real: Real,
  op: TicketOp,
  t: Ticket,
  user: number,
  arg: number,
  taken: string[] = [],
) {
  switch (op) {
    case 'confirm':
      return confirmStep(t, user);
    case 'cancel':
      return cancelStep(real, t, user, false);
    case 'partial':
      return t.seats.length > 1 ? cancelStep(real, t, user, true) : null;
    case 'migrate': {
      // To the other trip mostly; an open ticket to either.
      const target = (t.trip === null ? arg % 2 : arg % 5 === 4 ? t.trip : 1 - t.trip) as 0 | 1;
      return migrateStep(m, t, user, target, arg, taken);
    }
    case 'boarding':
      return t.trip === null ? null : boardingStep(m, t, user);
    case 'delayed':
      return delayedStep(t, user);
    case 'extend':
      return extendStep(t, user, [5, 20, 60, 600][arg % 4] as number);
    case 'original':
      return printStep(t, user, 'ORIGINAL');
    case 'reprint':
      return printStep(t, user, 'REPRINT');
  }
}

export class OnTicket implements Cmd {
  constructor(
    readonly op: TicketOp,
    readonly pick: number,
    readonly user: number,
    readonly arg: number,
  ) {}
  check = (m: Readonly<Model>) => m.tickets.length > 0;
  async run(m: Model, real: Real) {
    const t = aim(m, this.op, this.pick);
    if (!t) return;
    const step = await ticketStep(m, real, this.op, t, this.user, this.arg);
    if (!step) return;
    await single(m, real, step);
    await after(m, real);
  }
  toString = () => `new OnTicket('${this.op}', ${this.pick}, ${this.user}, ${this.arg})`;
}

/**
 * The newest ticket of a lineage migrated back and forth between the two trips `hops` times, then (when `cancel`)
 * cancelled: the long chains a rule that walks back along migrations with a cap would stop in.
 */
export class Chain implements Cmd {
  constructor(
    readonly pick: number,
    readonly hops: number,
    readonly cancel: boolean,
  ) {}
  check = (m: Readonly<Model>) => this.hops >= 50 || m.tickets.some((t) => t.status === S.SOLD || t.status === S.OPEN);
  async run(m: Model, real: Real) {
    // Half the time (a long chain always) an open ticket's lineage when there is one: it must never get money back.
    // A long chain only from an open ticket's lineage, which must never get money back: from a sold ticket the
    // same walk would cost as much and show less.
    const long = this.hops >= 50;
    const openLineage = (x: Ticket) => x.status === S.OPEN || (x.status === S.SOLD && lineageOf(m, x) === 'OPEN');
    // With none in the sequence yet, the long chain sells one first.
    if (long && !m.tickets.some(openLineage))
      await single(m, real, openStep(m, { user: FULL, count: 1, coupon: false }));
    let t = long
      ? pickTicket(m, this.pick, openLineage)
      : pickTicket(m, this.pick, (x) => x.status === S.SOLD || x.status === S.OPEN);
    if (long && t) count({ label: 'chain of 50+' } as Step, { ok: true, status: 200, body: null });
    for (let hop = 0; t && hop < this.hops; hop += 1) {
      const step = migrateStep(m, t, hop % 2, (t.trip === null ? 0 : 1 - t.trip) as 0 | 1, hop);
      if (!step) break;
      const before = m.tickets.length;
      await single(m, real, step);
      if (m.tickets.length === before) break;
      t = m.tickets[m.tickets.length - 1] as Ticket;
    }
    if (t && this.cancel) await single(m, real, await cancelStep(real, t, FULL, false));
    await after(m, real);
  }
  toString = () => `new Chain(${this.pick}, ${this.hops}, ${this.cancel})`;
}

export class Decide implements Cmd {
  constructor(
    readonly pick: number,
    readonly approve: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.requests.length > 0;
  async run(m: Model, real: Real) {
    await single(m, real, decideStep(m, this.pick % m.requests.length, this.approve));
    await after(m, real);
  }
  toString = () => `new Decide(${this.pick}, ${this.approve})`;
}

export class Deposit implements Cmd {
  constructor(
    readonly user: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    await single(m, real, depositStep(m, real.w, this.user, this.amount));
    await after(m, real);
  }
  toString = () => `new Deposit(${this.user}, ${this.amount})`;
}

export class DecideDeposit implements Cmd {
  constructor(
    readonly pick: number,
    readonly approve: boolean,
    readonly twice: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.deposits.length > 0;
  async run(m: Model, real: Real) {
    const index = this.pick % m.deposits.length;
    if (this.twice)
      await pair(m, real, depositDecisionStep(m, index, this.approve), depositDecisionStep(m, index, true));
    else await single(m, real, depositDecisionStep(m, index, this.approve));
    await after(m, real);
  }
  toString = () => `new DecideDeposit(${this.pick}, ${this.approve}, ${this.twice})`;
}

/** The server's clock (and the model's) moves on. */
export class Advance implements Cmd {
  constructor(readonly minutes: number) {}
  check = () => true;
  async run(m: Model, real: Real) {
    m.now += this.minutes * 60_000;
    real.w.t.clock.set(new Date(m.now));
    await after(m, real);
  }
  toString = () => `new Advance(${this.minutes})`;
}

export type PairOp = TicketOp | 'approve';

/** Two commands on one ticket at the same instant (Promise.all of two requests). */
export class Pair implements Cmd {
  constructor(
    readonly a: PairOp,
    readonly b: PairOp,
    readonly pick: number,
    readonly arg: number,
  ) {}
  check = (m: Readonly<Model>) => m.tickets.length > 0;
  async run(m: Model, real: Real) {
    const t = aim(m, this.a, this.pick);
    if (!t) return;
    const first = await this.step(m, real, this.a, t, FULL, this.arg, []);
    // The second migration goes to other seats (and the other trip when it can): a race on the source, not the seats.
    const second = await this.step(
      m,
      real,
      this.b,
      t,
      NO_PRINT,
      this.arg + 1,
      first?.label.match(/seats ([\w,]+)/)?.[1]?.split(',') ?? [],
    );
    if (!first || !second) return;
    await pair(m, real, first, second);
    await after(m, real);
  }
  private async step(m: Model, real: Real, op: PairOp, t: Ticket, user: number, arg: number, taken: string[]) {
    if (op !== 'approve') return ticketStep(m, real, op, t, op === 'original' ? NO_PRINT : user, arg, taken);
    const index = m.requests.findIndex((r) => r.ticket === t.n);
    return index < 0 ? null : decideStep(m, index, true);
  }
  toString = () => `new Pair('${this.a}', '${this.b}', ${this.pick}, ${this.arg})`;
}

const PAIRS: [PairOp, PairOp][] = [
  ['migrate', 'migrate'],
  ['migrate', 'cancel'],
  ['cancel', 'migrate'],
  ['cancel', 'cancel'],
  ['confirm', 'cancel'],
  ['confirm', 'confirm'],
  ['partial', 'cancel'],
  ['migrate', 'boarding'],
  ['cancel', 'boarding'],
  ['original', 'original'],
  ['delayed', 'delayed'],
  ['approve', 'cancel'],
  ['extend', 'confirm'],
];

const user = fc.constantFrom(FULL, NO_PRINT);
const pick = fc.nat(1000);

/** The commands, weighted: sales and migrations most, long chains of one lineage often enough to be found. */
export function commandArbitraries(): fc.Arbitrary<Cmd>[] {
  const sale = fc
    .record({
      kind: fc.constantFrom<'SELL' | 'BOOK' | 'OPEN'>('SELL', 'BOOK', 'OPEN'),
      user,
      trip: fc.constantFrom<0 | 1>(0, 1),
      segment: fc.nat(5),
      count: fc.integer({ min: 1, max: 3 }),
      skip: fc.nat(20),
      coupon: fc.boolean(),
    })
    .map((r) => new Sale(r.kind, r.user, r.trip, r.segment, r.count, r.skip, r.coupon) as Cmd);
  const op = (ops: TicketOp[]) =>
    fc
      .record({ op: fc.constantFrom(...ops), pick, user, arg: fc.nat(20) })
      .map((r) => new OnTicket(r.op, r.pick, r.user, r.arg) as Cmd);
  const chain = fc
    .record({
      pick,
      // Mostly a few hops; one time in four past the 50 a capped walk would stop at.
      hops: fc.oneof(
        { weight: 10, arbitrary: fc.integer({ min: 1, max: 6 }) },
        { weight: 1, arbitrary: fc.integer({ min: 49, max: 56 }) },
      ),
      cancel: fc.boolean(),
    })
    .map((r) => new Chain(r.pick, r.hops, r.cancel) as Cmd);
  const pairs = fc.record({ which: fc.nat(PAIRS.length - 1), pick, arg: fc.nat(20) }).map((r) => {
    const [a, b] = PAIRS[r.which] as [PairOp, PairOp];
    return new Pair(a, b, r.pick, r.arg) as Cmd;
  });
  const advance = fc.constantFrom(10, 60, 240, 330, 330, 600, 1440).map((minutes) => new Advance(minutes) as Cmd);
  return [
    sale,
    sale,
    sale,
    op(['confirm', 'cancel', 'partial', 'migrate', 'migrate']),
    op(['cancel', 'migrate', 'boarding', 'delayed', 'extend']),
    op(['delayed', 'delayed', 'confirm', 'extend', 'boarding']),
    op(['original', 'original', 'reprint']),
    chain,
    pairs,
    pairs,
    advance,
    advance,
    advance,
    fc.record({ pick, approve: fc.boolean() }).map((r) => new Decide(r.pick, r.approve) as Cmd),
    fc.record({ user, amount: fc.integer({ min: 1, max: 5000 }) }).map((r) => new Deposit(r.user, r.amount) as Cmd),
    fc
      .record({ pick, approve: fc.boolean(), twice: fc.boolean() })
      .map((r) => new DecideDeposit(r.pick, r.approve, r.twice) as Cmd),
  ];
}
