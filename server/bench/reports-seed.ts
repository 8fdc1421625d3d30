/**
 * The generated trade of the reports benchmark: N reservations (default a
 * million) over the past `days` days, written with plain prepared
 * better-sqlite3 statements in one transaction per day, into exactly the
 * tables and columns the sale writer, the ticket operations and the
 * booking expiry write (reservations, reservation_seats, ledger_entries,
 * commissions, reservation_events, coupon_uses, known_passengers; the daily
 * ledger and commission tables follow through their triggers).
 *
 * The world: the demo companies, routes and coaches; 16 departures per
 * route and day; the demo agents plus generated ones (about 40, with 1 to
 * 4 outlets and 1 to 3 users per outlet). The demo agent AG-1001 (user
 * `agent`) is the busy one: a fifth of all reservations, a quarter of them
 * by `agent` himself. Sales come in day-time hours, more on Thursdays and
 * Fridays and in a week-long holiday rush three weeks ago.
 *
 * Outcomes, in plausible proportions: sold (about 85 %, some cancelled
 * with a fine, some partly, some migrated to another trip, a few migrated
 * tickets cancelled again), booked (12 %: confirmed, cancelled, extended
 * or expired), open tickets (3 %), trips omitted by the operator (2 %
 * omitted, 0.5 % pending). Every follow-up happens at its own later time,
 * in time order, so ids and times grow together as in a real database.
 */
import SQLite from 'better-sqlite3';
import { seatsOf, SEAT_LAYOUTS } from '../src/domain/seat-layouts';
import { DAY_MS } from '../src/lib/clock';
import { addDays, localDateOf, zonedInstant } from '../src/lib/zoned-time';
import { ROUTE_LEGS } from '../src/db/seed/selling-world';

export interface ReportsWorld {
  reservations: number;
  seats: number;
  events: number;
  ledgerRows: number;
  commissionRows: number;
  trips: number;
  agents: number;
  users: number;
  /** The busy agent's company with the most of its trade, and its busiest local day among the last 31. */
  companyId: number;
  busyDay: string;
  /** Local dates: the first generated day and today. */
  firstDay: string;
  today: string;
}

const SLOTS = 16;
const HOUR_WEIGHTS: Record<number, number> = {
  6: 2,
  7: 4,
  8: 6,
  9: 8,
  10: 9,
  11: 9,
  12: 8,
  13: 7,
  14: 7,
  15: 8,
  16: 9,
  17: 9,
  18: 8,
  19: 7,
  20: 6,
  21: 4,
  22: 2,
};
const NAMES = [
  'Rahim Uddin',
  'Karim Hossain',
  'Nasima Akter',
  'Jamal Ahmed',
  'Farzana Islam',
  'Tanvir Hasan',
  'Shirin Sultana',
  'Abdul Kader',
  'Mitu Rani',
  'Sohel Rana',
  'Ayesha Siddika',
  'Imran Khan',
];
const PHONES = 60_000;
const MIGRATION_SHARE = 0.03;

/** mulberry32: a small fast seeded generator, so every run builds the same data. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A table of `size` indexes drawn in proportion to `weights`: pick with table[random * size]. */
function picker(weights: readonly number[], size = 4096): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const out: number[] = [];
  let acc = 0;
  for (const [i, w] of weights.entries()) {
    acc += w;
    while (out.length < Math.round((acc / total) * size)) out.push(i);
  }
  return out;
}

/** Min-heap of timed actions. */
class Timeline<T extends { at: number }> {
  private readonly items: T[] = [];
  get size(): number {
    return this.items.length;
  }
  peek(): T | undefined {
    return this.items[0];
  }
  all(): readonly T[] {
    return this.items;
  }
  push(item: T): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((a[p] as T).at <= item.at) break;
      a[i] = a[p] as T;
      i = p;
    }
    a[i] = item;
  }
  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const c = r < a.length && (a[r] as T).at < (a[l] as T).at ? r : l;
      if ((a[c] as T).at >= last.at) break;
      a[i] = a[c] as T;
      i = c;
    }
    a[i] = last;
    return top;
  }
}

interface Trip {
  id: number;
  routeIdx: number;
  departure: number;
  state: string;
  coachTypeId: number;
  seats: { name: string; seatType: string }[];
  next: number;
}

interface Route {
  id: number;
  companyId: number;
  stations: number[];
  /** trips[dayIndex][slot] */
  trips: Trip[][];
}

interface Seller {
  agentIdx: number;
  userId: number;
  outletId: number;
}

interface Agent {
  id: number;
  weight: number;
  companies: number[];
  companyPick: number[];
  rate: number;
  sellers: Seller[];
  sellerPick: number[];
}

interface Res {
  id: number;
  pnr: string;
  status: number;
  kind: string;
  companyId: number;
  routeIdx: number;
  trip: Trip | null;
  fromIndex: number;
  toIndex: number;
  seller: Seller;
  seatIds: number[];
  seatNames: string[];
  seatFare: number[];
  seatNet: number[];
  seatCommission: number[];
  active: boolean[];
  charged: number;
  referencePnr: string | null;
  expiresAt: number | null;
}

type Action =
  | { at: number; kind: 'create' }
  | {
      at: number;
      kind: 'cancel' | 'partial' | 'confirm' | 'cancelBooking' | 'expire' | 'extend' | 'migrate' | 'pin';
      res: Res;
    };

export function seedReportsWorld(
  file: string,
  opts: { reservations: number; days: number; end: number; timeZone: string },
): ReportsWorld {
  const { timeZone } = opts;
  const random = rng(20_260_601);
  const int = (n: number) => Math.floor(random() * n);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -1000000');
  sqlite.pragma('temp_store = memory');
  const nowIso = new Date(opts.end).toISOString();
  const iso = (ms: number) => new Date(ms).toISOString();

  // --- the world: companies, routes, coaches, fares ---
  const companies = sqlite.prepare(`select id, code from companies order by id`).all() as {
    id: number;
    code: string;
  }[];
  const routeRows = sqlite.prepare(`select r.id, r.code, r.company_id from routes r order by r.id`).all() as {
    id: number;
    code: string;
    company_id: number;
  }[];
  const stopRows = sqlite
    .prepare(`select route_id, station_id from route_stops order by route_id, stop_order`)
    .all() as { route_id: number; station_id: number }[];
  const coaches = sqlite
    .prepare(
      `select c.id, c.company_id, c.coach_type_id, l.layout_key from coaches c join coach_layouts l on l.coach_id = c.id where c.active = 1 order by c.id`,
    )
    .all() as { id: number; company_id: number; coach_type_id: number; layout_key: string }[];
  const fareRows = sqlite
    .prepare(
      `select route_id, coach_type_id, from_index, to_index, seat_type, fare_minor from fares where trip_id is null`,
    )
    .all() as {
    route_id: number;
    coach_type_id: number;
    from_index: number;
    to_index: number;
    seat_type: string;
    fare_minor: number;
  }[];
  const fares = new Map(
    fareRows.map((f) => [
      `${f.route_id}/${f.coach_type_id}/${f.from_index}/${f.to_index}/${f.seat_type}`,
      f.fare_minor,
    ]),
  );
  const openFares = new Map(
    fareRows
      .filter((f) => f.seat_type === 'Standard')
      .map((f) => [`${f.route_id}/${f.from_index}/${f.to_index}`, f.fare_minor]),
  );
  const coupon = sqlite.prepare(`select id, company_id from coupons where code = 'FLAT50'`).all() as {
    id: number;
    company_id: number;
  }[];
  const couponOf = new Map(coupon.map((c) => [c.company_id, c.id]));
  const seatsByLayout = new Map(
    Object.entries(SEAT_LAYOUTS).map(([key, make]) => [
      key,
      seatsOf(make()).map((s) => ({ name: s.name, seatType: s.seatType as string })),
    ]),
  );
  const routes: Route[] = routeRows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    stations: stopRows.filter((s) => s.route_id === r.id).map((s) => s.station_id),
    trips: [],
  }));
  const routeCodes = routeRows.map((r) => r.code);
  const routesOf = new Map(
    companies.map((c) => [
      c.id,
      routes
        .map((r, i) => ({ r, i }))
        .filter((x) => x.r.companyId === c.id)
        .map((x) => x.i),
    ]),
  );

  const today = localDateOf(new Date(opts.end), timeZone);
  const firstDay = addDays(today, -(opts.days - 1));
  const dayStart = (d: number) => zonedInstant(addDays(firstDay, d), 0, timeZone).getTime();
  const dayOf = (ms: number) => Math.floor((ms - dayStart(0)) / DAY_MS);

  const count = { reservations: 0, seats: 0, events: 0, ledgerRows: 0, commissionRows: 0, trips: 0 };
  const template = sqlite
    .prepare(`select password_hash, password_changed_at from users where username = 'agent'`)
    .get() as { password_hash: string; password_changed_at: string };

  // --- agents, outlets, users, accounts ---
  const agents: Agent[] = [];
  const accounts = new Map<string, { id: number; balance: number; prepaid: boolean }>();
  sqlite.transaction(() => {
    const padma = companies.find((c) => c.code === 'PADMA')?.id ?? companies[0]?.id ?? 0;
    const meghna = companies.find((c) => c.code === 'MEGHNA')?.id ?? padma;
    const insAgent = sqlite.prepare(`insert into agents (code, name, phone, created_at) values (?, ?, ?, ?)`);
    const insOutlet = sqlite.prepare(`insert into outlets (agent_id, code, name) values (?, ?, ?)`);
    const insUser = sqlite.prepare(
      `insert into users (username, password_hash, full_name, agent_id, outlet_id, password_changed_at, password_never_expires, created_at) values (?, ?, ?, ?, ?, ?, 1, ?)`,
    );
    const insUserCompany = sqlite.prepare(`insert or ignore into user_companies (user_id, company_id) values (?, ?)`);
    const addUser = (name: string, agentId: number, outletId: number, companyIds: number[]) => {
      const id = Number(
        insUser.run(name, template.password_hash, name, agentId, outletId, template.password_changed_at, nowIso)
          .lastInsertRowid,
      );
      for (const c of companyIds) insUserCompany.run(id, c);
      return id;
    };
    const demo = (code: string) =>
      (sqlite.prepare(`select id from agents where code = ?`).get(code) as { id: number }).id;
    const outletsOf = (agentId: number) =>
      sqlite.prepare(`select id, code from outlets where agent_id = ? order by id`).all(agentId) as {
        id: number;
        code: string;
      }[];
    const usersOf = (agentId: number) =>
      sqlite.prepare(`select id, username, outlet_id from users where agent_id = ? order by id`).all(agentId) as {
        id: number;
        username: string;
        outlet_id: number | null;
      }[];

    // The busy agent: the demo AG-1001 with two more outlets and two clerks per outlet.
    const busy = demo('AG-1001');
    for (const [code, name] of [
      ['OUT-1003', 'Farmgate Counter'],
      ['OUT-1004', 'Mirpur Counter'],
    ] as const)
      insOutlet.run(busy, code, name);
    const busyOutlets = outletsOf(busy);
    for (const [i, o] of busyOutlets.entries())
      for (let k = 1; k <= 2; k += 1) addUser(`shapla${i + 1}${k}`, busy, o.id, [padma, meghna]);
    const plan: { id: number; companies: number[]; weight: number; userWeight: (username: string) => number }[] = [
      {
        id: busy,
        companies: [padma, meghna],
        weight: 0,
        userWeight: (u) => (u === 'agent' ? 4 : u === 'expiring' ? 2 : 1),
      },
      { id: demo('AG-1002'), companies: [padma], weight: 0, userWeight: () => 1 },
      { id: demo('AG-2001'), companies: [meghna, padma], weight: 0, userWeight: () => 1 },
    ];
    for (let i = 1; i <= 37; i += 1) {
      const code = `AG-B${String(i).padStart(3, '0')}`;
      const id = Number(
        insAgent.run(code, `Counter agency ${i}`, `+88017${String(10_000_000 + i)}`, nowIso).lastInsertRowid,
      );
      const own = i % 3 === 0 ? [padma, meghna] : i % 3 === 1 ? [padma] : [meghna];
      const outlets = 1 + (i % 4 === 0 ? 3 : i % 3);
      for (let o = 1; o <= outlets; o += 1) {
        const outletId = Number(
          insOutlet.run(id, `OUT-B${String(i).padStart(3, '0')}-${o}`, `Counter ${i}.${o}`).lastInsertRowid,
        );
        for (let u = 1; u <= 1 + ((i + o) % 3); u += 1) addUser(`bench${i}x${o}x${u}`, id, outletId, own);
      }
      plan.push({ id, companies: own, weight: 0, userWeight: () => 1 });
    }
    // A fifth of the trade is the busy agent's; the rest falls off by rank.
    const rest = plan.slice(1).map((_, k) => 1 / Math.pow(k + 1, 0.7));
    const restSum = rest.reduce((s, w) => s + w, 0);
    plan.forEach((a, k) => (a.weight = k === 0 ? 0.2 : (0.8 * (rest[k - 1] ?? 0)) / restSum));

    const insAccount = sqlite.prepare(
      `insert or ignore into agent_accounts (agent_id, company_id, plan, credit_limit_minor, created_at) values (?, ?, 'PREPAID', null, ?)`,
    );
    const insRule = sqlite.prepare(
      `insert or ignore into agent_route_commissions (agent_id, route_id, commission_type, value_hundredths) values (?, ?, 'PERCENT', ?)`,
    );
    const insAssigned = sqlite.prepare(
      `insert or ignore into agent_assigned_routes (agent_id, route_id) values (?, ?)`,
    );
    for (const [k, a] of plan.entries()) {
      const rate = 300 + (k % 5) * 50;
      for (const c of a.companies) {
        insAccount.run(a.id, c, nowIso);
        const acc = sqlite
          .prepare(`select id, plan from agent_accounts where agent_id = ? and company_id = ?`)
          .get(a.id, c) as { id: number; plan: string };
        const last = sqlite
          .prepare(`select balance_after_minor as b from ledger_entries where account_id = ? order by id desc limit 1`)
          .get(acc.id) as { b: number } | undefined;
        accounts.set(`${a.id}/${c}`, { id: acc.id, balance: last?.b ?? 0, prepaid: acc.plan === 'PREPAID' });
        for (const ri of routesOf.get(c) ?? []) {
          insAssigned.run(a.id, routes[ri]?.id);
          insRule.run(a.id, routes[ri]?.id, rate);
        }
      }
      const sellers = usersOf(a.id)
        .filter((u) => u.outlet_id !== null)
        .map((u) => ({
          seller: { agentIdx: k, userId: u.id, outletId: u.outlet_id as number },
          weight: a.userWeight(u.username),
        }));
      agents.push({
        id: a.id,
        weight: a.weight,
        companies: a.companies,
        companyPick: picker(
          a.companies.map((_, j) => (j === 0 ? 0.6 : 0.4 / Math.max(1, a.companies.length - 1))),
          100,
        ),
        rate,
        sellers: sellers.map((s) => s.seller),
        sellerPick: picker(
          sellers.map((s) => s.weight),
          256,
        ),
      });
    }
  })();
  const agentPick = picker(
    agents.map((a) => a.weight),
    8192,
  );

  // --- trips: 16 departures per route and day, from a day before the first to a week after today ---
  const tripDays = opts.days + 9;
  sqlite.transaction(() => {
    const insTrip = sqlite.prepare(
      `insert into trips (company_id, coach_id, route_id, trip_date, departure_at, state, allow_intermediate, created_at) values (?, ?, ?, ?, ?, ?, 1, ?)`,
    );
    const insStop = sqlite.prepare(
      `insert into trip_stops (trip_id, stop_index, station_id, time) values (?, ?, ?, ?)`,
    );
    for (const [ri, route] of routes.entries()) {
      const own = coaches.filter((c) => c.company_id === route.companyId);
      const legs = ROUTE_LEGS[routeCodes[ri] ?? ''] ?? route.stations.slice(1).map(() => ({ minutes: 150, weight: 1 }));
      for (let d = -1; d < tripDays - 1; d += 1) {
        const date = addDays(firstDay, d);
        const day: Trip[] = [];
        for (let k = 0; k < SLOTS; k += 1) {
          const coach = own[(ri + k) % own.length];
          if (!coach) continue;
          // Minutes that end in 1 or 6: never a demo departure (whole tens), so the unique key holds.
          const departure = zonedInstant(date, 6 * 60 + 1 + k * 65 + ri * 5, timeZone).getTime();
          const roll = random();
          const state = roll < 0.02 ? 'OMITTED' : roll < 0.025 ? 'OMIT_PENDING' : 'OPEN';
          const id = Number(
            insTrip.run(route.companyId, coach.id, route.id, date, iso(departure), state, iso(departure - 20 * DAY_MS))
              .lastInsertRowid,
          );
          let at = departure;
          for (const [s, station] of route.stations.entries()) {
            if (s > 0) at += (legs[s - 1]?.minutes ?? 150) * 60_000;
            insStop.run(id, s, station, iso(at));
          }
          day.push({
            id,
            routeIdx: ri,
            departure,
            state,
            coachTypeId: coach.coach_type_id,
            seats: seatsByLayout.get(coach.layout_key) ?? [],
            next: int(8),
          });
          count.trips += 1;
        }
        route.trips.push(day);
      }
    }
  })();
  const tripOn = (ri: number, d: number, slot: number) => routes[ri]?.trips[d + 1]?.[slot] ?? null;

  // --- statements of the trade ---
  const insRes =
    sqlite.prepare(`insert into reservations (pnr, pin_hash, status, kind, company_id, trip_id, route_id, from_index, to_index, origin_station_id, destination_station_id,
    passenger_name, passenger_phone, passenger_country, passenger_email, passenger_remarks, agent_id, outlet_id, user_id, fare_minor, discount_minor, charged_minor, coupon_id, reference_pnr,
    expires_at, print_count, created_at, updated_at) values (?, 'bench', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'BD', null, null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insSeat = sqlite.prepare(
    `insert into reservation_seats (reservation_id, trip_id, seat_name, seat_type, from_index, to_index, fare_minor, discount_minor, commission_minor, status, active) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  const insLedger = sqlite.prepare(
    `insert into ledger_entries (account_id, entry_type, amount_minor, balance_after_minor, kind, reference, description, created_by_user_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insCommission = sqlite.prepare(
    `insert into commissions (agent_id, company_id, reservation_id, kind, rate_hundredths, commission_type, amount_minor, paid, paid_at, employee, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insEvent = sqlite.prepare(
    `insert into reservation_events (reservation_id, action, user_id, outlet_id, amount_minor, remarks, created_at) values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insCouponUse = sqlite.prepare(
    `insert into coupon_uses (coupon_id, phone, reservation_id, trip_id, active, created_at) values (?, ?, ?, ?, 1, ?)`,
  );
  const releaseCoupon = sqlite.prepare(`update coupon_uses set active = 0 where reservation_id = ?`);
  const setRes = sqlite.prepare(
    `update reservations set status = ?, charged_minor = ?, expires_at = ?, updated_at = ? where id = ?`,
  );
  const setSeat = sqlite.prepare(
    `update reservation_seats set status = ?, active = ?, commission_minor = ? where id = ?`,
  );
  const migratedCancelled = sqlite.prepare(
    `update reservations set status = 14, updated_at = ? where pnr = ? and status = 10`,
  );

  const event = (
    r: Res,
    action: string,
    at: number,
    amount: number | null,
    remarks: string | null,
    by: Seller | null = r.seller,
  ) => {
    insEvent.run(r.id, action, by?.userId ?? null, by?.outletId ?? null, amount, remarks, iso(at));
    count.events += 1;
  };
  const post = (r: Res, type: 'CREDIT' | 'DEBIT', amount: number, kind: string, description: string, at: number) => {
    if (amount <= 0) return;
    const acc = accounts.get(`${agents[r.seller.agentIdx]?.id}/${r.companyId}`);
    if (!acc) throw new Error('no account');
    if (type === 'DEBIT' && acc.prepaid && acc.balance < amount) {
      // The agent tops the prepaid float up before the sale (an approved deposit).
      const deposit = 20_000_000 + int(10) * 1_000_000;
      acc.balance += deposit;
      insLedger.run(
        acc.id,
        'CREDIT',
        deposit,
        acc.balance,
        'DEPOSIT',
        `BANK-${count.ledgerRows}`,
        'Approved deposit',
        null,
        iso(at - 60_000),
      );
      count.ledgerRows += 1;
    }
    acc.balance += type === 'CREDIT' ? amount : -amount;
    insLedger.run(acc.id, type, amount, acc.balance, kind, r.pnr, description, r.seller.userId, iso(at));
    count.ledgerRows += 1;
  };
  const commission = (r: Res, amount: number, at: number) => {
    if (amount === 0) return;
    const agent = agents[r.seller.agentIdx] as Agent;
    // Settled by the operator a month on: older rows are paid.
    const paidAt = at + 30 * DAY_MS;
    const paid = paidAt < opts.end ? 1 : 0;
    insCommission.run(
      agent.id,
      r.companyId,
      r.id,
      amount > 0 ? 'SALE' : 'REVERSAL',
      amount > 0 ? agent.rate : null,
      amount > 0 ? 'PERCENT' : null,
      amount,
      paid,
      paid ? iso(paidAt) : null,
      paid ? 'Bench settlement' : null,
      iso(at),
    );
    count.commissionRows += 1;
  };
  let pnrSeq = 0;
  const nextPnr = () => {
    pnrSeq += 1;
    // A scattered but unique 10-character code (an odd multiplier is a bijection modulo 36^9).
    return `B${((pnrSeq * 2_654_435_761) % 101_559_956_668_416).toString(36).toUpperCase().padStart(9, '0')}`;
  };

  const timeline = new Timeline<Action>();
  let allowMigrations = true;

  function seatDrafts(trip: Trip | null, ri: number, from: number, to: number, n: number) {
    const out: { name: string; seatType: string; fare: number }[] = [];
    const route = routes[ri] as Route;
    for (let k = 0; k < n; k += 1) {
      if (!trip) {
        out.push({ name: 'OPEN', seatType: 'Standard', fare: openFares.get(`${route.id}/${from}/${to}`) ?? 50_000 });
        continue;
      }
      const seat = trip.seats[trip.next % trip.seats.length] ?? { name: `X${trip.next}`, seatType: 'Standard' };
      trip.next += 1;
      out.push({
        name: seat.name,
        seatType: seat.seatType,
        fare: fares.get(`${route.id}/${trip.coachTypeId}/${from}/${to}/${seat.seatType}`) ?? 60_000,
      });
    }
    return out;
  }

  function write(
    at: number,
    seller: Seller,
    companyId: number,
    ri: number,
    trip: Trip | null,
    kind: 'SELL' | 'BOOK' | 'OPEN' | 'MIGRATE',
    seatCount: number,
    from: number,
    to: number,
    source: Res | null,
  ): Res {
    const route = routes[ri] as Route;
    const agent = agents[seller.agentIdx] as Agent;
    const couponId = kind !== 'MIGRATE' && random() < 0.04 ? (couponOf.get(companyId) ?? null) : null;
    const drafts = seatDrafts(trip, ri, from, to, seatCount);
    const charged = kind !== 'BOOK';
    const seats = drafts.map((d) => {
      const discount = couponId ? Math.min(5_000, d.fare) : 0;
      return { ...d, discount, commission: charged ? Math.round((d.fare * agent.rate) / 10_000) : 0 };
    });
    const fare = seats.reduce((s, x) => s + x.fare, 0);
    const discount = seats.reduce((s, x) => s + x.discount, 0);
    const net = fare - discount;
    const alreadyPaid = source ? source.seatNet.reduce((s, x, i) => s + (source.active[i] ? x : 0), 0) : 0;
    const charge = kind === 'BOOK' ? 0 : source ? Math.max(0, net - alreadyPaid) : net;
    const status = kind === 'BOOK' ? 2 : kind === 'OPEN' ? 12 : 1;
    const phoneNo = int(PHONES);
    const phone = `+8801${String(700_000_000 + phoneNo * 37)}`;
    const expiresAt =
      kind === 'BOOK' && trip ? Math.min(at + (6 + int(18)) * 3_600_000, trip.departure - 3_600_000) : null;
    const pnr = nextPnr();
    const ledgerKind = kind === 'MIGRATE' ? 'TRIP_MIGRATION' : kind === 'OPEN' ? 'OPEN_TICKET_SALE' : 'TICKET_SALE';
    const r: Res = {
      id: 0,
      pnr,
      status,
      kind,
      companyId,
      routeIdx: ri,
      trip,
      fromIndex: from,
      toIndex: to,
      seller,
      seatIds: [],
      seatNames: seats.map((s) => s.name),
      seatFare: seats.map((s) => s.fare),
      seatNet: seats.map((s) => s.fare - s.discount),
      seatCommission: seats.map((s) => s.commission),
      active: seats.map(() => true),
      charged: kind === 'BOOK' ? 0 : source ? alreadyPaid + charge : net,
      referencePnr: source?.pnr ?? null,
      expiresAt,
    };
    post(
      r,
      'DEBIT',
      charge,
      ledgerKind,
      `${kind === 'MIGRATE' ? 'Trip migration' : 'Ticket sale'} ${pnr}: ${r.seatNames.join(', ')}`,
      at,
    );
    r.id = Number(
      insRes.run(
        pnr,
        status,
        kind,
        companyId,
        trip?.id ?? null,
        route.id,
        from,
        to,
        route.stations[from],
        route.stations[to],
        NAMES[phoneNo % NAMES.length],
        phone,
        agent.id,
        seller.outletId,
        seller.userId,
        fare,
        discount,
        r.charged,
        couponId,
        r.referencePnr,
        expiresAt === null ? null : iso(expiresAt),
        kind === 'BOOK' ? 0 : random() < 0.97 ? 1 : 0,
        iso(at),
        iso(at),
      ).lastInsertRowid,
    );
    count.reservations += 1;
    for (const s of seats) {
      r.seatIds.push(
        Number(
          insSeat.run(r.id, trip?.id ?? null, s.name, s.seatType, from, to, s.fare, s.discount, s.commission, status)
            .lastInsertRowid,
        ),
      );
      count.seats += 1;
    }
    commission(
      r,
      seats.reduce((s, x) => s + x.commission, 0),
      at,
    );
    if (couponId) insCouponUse.run(couponId, phone, r.id, trip?.id ?? null, iso(at));
    event(r, kind, at, charge, r.referencePnr ? `from ${r.referencePnr}` : null);
    return r;
  }

  /** What happens to a reservation later, if it happens before the end. */
  function schedule(r: Res, at: number): void {
    const later = (kind: Exclude<Action['kind'], 'create'>, when: number) => {
      if (when < opts.end && when > at) timeline.push({ at: when, kind, res: r });
    };
    const before = (limit: number) =>
      at + 600_000 + random() * Math.max(0, Math.min(3 * DAY_MS, limit - at - 7_200_000));
    const roll = random();
    if (r.kind === 'BOOK') {
      const expires = r.expiresAt ?? at + DAY_MS;
      if (random() < 0.1) later('extend', at + (expires - at) * random() * 0.5);
      if (roll < 0.45) later('confirm', at + (expires - at) * random());
      else if (roll < 0.6) later('cancelBooking', at + (expires - at) * random());
      else later('expire', expires);
      return;
    }
    if (random() < 0.02) later('pin', at + 120_000);
    const departure = r.trip?.departure ?? at + 7 * DAY_MS;
    if (r.kind === 'OPEN') {
      if (allowMigrations && roll < 0.05) later('migrate', before(at + 5 * DAY_MS));
      return;
    }
    if (roll < 0.05) later('cancel', before(departure));
    else if (roll < 0.065) later(r.seatIds.length > 1 ? 'partial' : 'cancel', before(departure));
    else if (allowMigrations && roll < 0.065 + MIGRATION_SHARE && r.kind !== 'MIGRATE')
      later('migrate', before(departure));
    else if (r.kind === 'MIGRATE' && roll < 0.15) later('cancel', before(departure));
  }

  const setSeats = (r: Res, which: number[], status: number) => {
    for (const i of which) {
      setSeat.run(status, 0, r.seatCommission[i] ?? 0, r.seatIds[i]);
      r.active[i] = false;
    }
  };
  const activeSeats = (r: Res) => r.active.map((a, i) => (a ? i : -1)).filter((i) => i >= 0);

  function cancelSold(r: Res, at: number, which: number[]): void {
    const departure = r.trip?.departure ?? 0;
    if (!r.trip || r.trip.state !== 'OPEN' || at >= departure) return;
    const hours = (departure - at) / 3_600_000;
    const percent = hours >= 48 ? 10 : hours >= 24 ? 25 : hours >= 6 ? 50 : null;
    if (percent === null) return;
    const net = which.reduce((s, i) => s + (r.seatNet[i] ?? 0), 0);
    const fine = Math.round((net * percent) / 100);
    const refund = net - fine;
    post(
      r,
      'CREDIT',
      refund,
      'TICKET_CANCEL_REFUND',
      `Cancellation ${r.pnr}: ${which.map((i) => r.seatNames[i]).join(', ')}`,
      at,
    );
    commission(r, -which.reduce((s, i) => s + (r.seatCommission[i] ?? 0), 0), at);
    setSeats(r, which, 5);
    r.charged -= refund;
    const whole = activeSeats(r).length === 0;
    if (whole) {
      r.status = 5;
      releaseCoupon.run(r.id);
      if (r.referencePnr) migratedCancelled.run(iso(at), r.referencePnr);
    }
    setRes.run(r.status, r.charged, null, iso(at), r.id);
    event(
      r,
      whole ? 'CANCELLED' : `CANCELLED ${which.map((i) => r.seatNames[i]).join(', ')}`,
      at,
      refund,
      `fine ${(fine / 100).toFixed(2)} (${percent}%)`,
    );
  }

  function act(a: Action): void {
    if (a.kind === 'create') {
      const agent = agents[agentPick[int(agentPick.length)] ?? 0] as Agent;
      const seller = agent.sellers[agent.sellerPick[int(agent.sellerPick.length)] ?? 0] as Seller;
      const companyId = agent.companies[agent.companyPick[int(agent.companyPick.length)] ?? 0] ?? 0;
      const own = routesOf.get(companyId) ?? [];
      const ri = own[Math.min(own.length - 1, Math.floor(Math.pow(random(), 1.6) * own.length))] ?? 0;
      const route = routes[ri] as Route;
      const last = route.stations.length - 1;
      const [from, to] = last > 1 && random() < 0.2 ? (random() < 0.5 ? [0, 1] : [1, last]) : [0, last];
      const seatCount = [1, 1, 1, 1, 1, 2, 2, 2, 3, 4][int(10)] ?? 1;
      const roll = random();
      if (roll < 0.03) {
        schedule(write(a.at, seller, companyId, ri, null, 'OPEN', seatCount, from, to, null), a.at);
        return;
      }
      const d = dayOf(a.at);
      let trip: Trip | null = null;
      for (let tries = 0; tries < 8 && !trip; tries += 1) {
        const ahead = [0, 0, 1, 1, 1, 2, 2, 3, 4, 5, 6, 7][int(12)] ?? 0;
        const candidate = tripOn(ri, d + ahead, int(SLOTS));
        if (candidate && candidate.departure > a.at + 3 * 3_600_000) trip = candidate;
      }
      if (!trip) trip = tripOn(ri, d + 1, int(SLOTS)) ?? tripOn(ri, d + 2, 0);
      schedule(
        write(a.at, seller, companyId, ri, trip, roll < 0.15 ? 'BOOK' : 'SELL', seatCount, from, to, null),
        a.at,
      );
      return;
    }
    const r = a.res;
    switch (a.kind) {
      case 'pin':
        event(r, 'PIN_RESENT', a.at, null, null);
        return;
      case 'cancel':
        if (r.status === 1) cancelSold(r, a.at, activeSeats(r));
        return;
      case 'partial':
        if (r.status === 1) cancelSold(r, a.at, activeSeats(r).slice(-1));
        return;
      case 'extend': {
        if (r.status !== 2 || r.expiresAt === null || !r.trip) return;
        const until = Math.min(r.expiresAt + 6 * 3_600_000, r.trip.departure - 3_600_000);
        if (until <= r.expiresAt) return;
        r.expiresAt = until;
        setRes.run(r.status, r.charged, iso(until), iso(a.at), r.id);
        event(r, 'BOOKING_EXTENDED', a.at, null, `until ${iso(until)}`);
        return;
      }
      case 'confirm': {
        if (r.status !== 2 || !r.trip || a.at >= r.trip.departure || (r.expiresAt !== null && a.at >= r.expiresAt))
          return;
        const net = r.seatNet.reduce((s, x) => s + x, 0);
        post(r, 'DEBIT', net, 'TICKET_SALE', `Confirmation ${r.pnr}`, a.at);
        const rate = (agents[r.seller.agentIdx] as Agent).rate;
        r.seatIds.forEach((id, i) => {
          const c = Math.round(((r.seatFare[i] ?? 0) * rate) / 10_000);
          r.seatCommission[i] = c;
          setSeat.run(1, 1, c, id);
        });
        r.status = 1;
        r.charged = net;
        setRes.run(1, net, null, iso(a.at), r.id);
        commission(
          r,
          r.seatCommission.reduce((s, x) => s + x, 0),
          a.at,
        );
        event(r, 'CONFIRMED', a.at, net, null);
        if (random() < 0.04)
          timeline.push({ at: a.at + (r.trip.departure - a.at) * random() * 0.5, kind: 'cancel', res: r });
        return;
      }
      case 'cancelBooking':
      case 'expire': {
        if (r.status !== 2) return;
        setSeats(r, activeSeats(r), 5);
        r.status = 5;
        setRes.run(5, r.charged, r.expiresAt === null ? null : iso(r.expiresAt), iso(a.at), r.id);
        releaseCoupon.run(r.id);
        if (a.kind === 'expire') event(r, 'BOOKING_EXPIRED', a.at, null, null, null);
        else event(r, 'CANCELLED', a.at, 0, null);
        return;
      }
      case 'migrate': {
        if (r.status !== 1 && r.status !== 12) return;
        const active = activeSeats(r);
        if (active.length === 0 || (r.trip && a.at >= r.trip.departure)) return;
        const d = dayOf(a.at);
        const target = tripOn(r.routeIdx, d + 1 + int(3), int(SLOTS));
        if (!target || target.state !== 'OPEN' || target === r.trip) return;
        const moved = write(
          a.at,
          r.seller,
          r.companyId,
          r.routeIdx,
          target,
          'MIGRATE',
          active.length,
          r.fromIndex,
          r.toIndex,
          r,
        );
        setSeats(r, active, 10);
        r.status = 10;
        setRes.run(10, r.charged, null, iso(a.at), r.id);
        commission(r, -active.reduce((s, i) => s + (r.seatCommission[i] ?? 0), 0), a.at);
        event(r, 'TRIP_MIGRATED', a.at, null, `to ${moved.pnr}`);
        schedule(moved, a.at);
        return;
      }
    }
  }

  // --- the days: creations spread by weight, follow-ups as they fall due ---
  const holiday = opts.days - 21;
  const dayWeights = Array.from({ length: opts.days }, (_, d) => {
    const dow = new Date(`${addDays(firstDay, d)}T00:00:00Z`).getUTCDay();
    const rush = d >= holiday - 4 && d <= holiday + 2 ? 1.8 : 1;
    return (dow === 4 || dow === 5 ? 1.25 : 1) * rush;
  });
  const hourPick = picker(
    Array.from({ length: 24 }, (_, h) => HOUR_WEIGHTS[h] ?? 0),
    1024,
  );
  const elapsedToday = (opts.end - dayStart(opts.days - 1)) / DAY_MS;
  const weightSum = dayWeights.reduce((s, w, d) => s + (d === opts.days - 1 ? w * elapsedToday : w), 0);
  const perWeight = opts.reservations / (1 + MIGRATION_SHARE * 0.9) / weightSum;
  const started = Date.now();
  for (let d = 0; d < opts.days; d += 1) {
    const start = dayStart(d);
    const end = Math.min(dayStart(d + 1), opts.end);
    const final = d === opts.days - 1;
    let n: number;
    if (final) {
      // Today fills the count exactly: no new migrations, and the ones already due today are counted.
      allowMigrations = false;
      n = Math.max(
        0,
        opts.reservations -
          count.reservations -
          timeline.all().filter((x) => x.kind === 'migrate' && x.at < end).length,
      );
    } else n = Math.round(perWeight * (dayWeights[d] ?? 1));
    for (let k = 0; k < n; k += 1) {
      let at = start + (hourPick[int(hourPick.length)] ?? 12) * 3_600_000 + int(3_600_000);
      if (at >= end) at = start + random() * (end - start);
      timeline.push({ at, kind: 'create' });
    }
    sqlite.transaction(() => {
      for (let next = timeline.peek(); next && next.at < end; next = timeline.peek()) {
        timeline.pop();
        act(next);
      }
      // A due migration that could not happen (its trip omitted, its ticket cancelled) leaves a gap: more of today's
      // sales.
      while (final && count.reservations < opts.reservations)
        act({ at: start + random() * (end - start), kind: 'create' });
    })();
    if (process.env.BENCH_VERBOSE && d % 30 === 0)
      console.error(`day ${d}: ${count.reservations} reservations, ${Math.round((Date.now() - started) / 1000)} s`);
  }
  sqlite.transaction(() => {
    // Passenger memory is per company and agent (migration 0009): the first agent's, in its first company.
    const owner = agents[0];
    const remember = sqlite.prepare(
      `insert or replace into known_passengers (company_id, agent_id, phone, country_code, name, email, updated_at) values (?, ?, ?, 'BD', ?, null, ?)`,
    );
    if (owner)
      for (let p = 0; p < PHONES; p += 1)
        remember.run(
          owner.companies[0] ?? 0,
          owner.id,
          `+8801${String(700_000_000 + p * 37)}`,
          NAMES[p % NAMES.length],
          nowIso,
        );
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();

  const window = dayWeights.slice(-32, -1);
  const busiest = window.indexOf(Math.max(...window));
  return {
    ...count,
    agents: agents.length,
    users: agents.reduce((s, a) => s + a.sellers.length, 0),
    companyId: agents[0]?.companies[0] ?? 0,
    busyDay: addDays(firstDay, opts.days - 32 + busiest),
    firstDay,
    today,
  };
}
