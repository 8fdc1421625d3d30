/**
 * The report queries stay on their indexes (issue #6: a million reservations
 * answer in well under a second, `npm run bench:reports`). Every query the
 * eight reports run is captured and asked EXPLAIN QUERY PLAN on the real,
 * migrated database: each must use its index of migration 0006 (or the
 * earlier one named here) and none may walk a whole big table. A change that
 * loses an index, or words a query so SQLite stops using it, fails here.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema';
import { unitsOf } from '../../src/db/units';
import {
  REPORT_INDEXES,
  down as reportSpeedDown,
  up as reportSpeedUp,
} from '../../src/db/migrations/0006_report_speed';
import {
  EVENT_OWNER_FALLBACK_TRIGGER,
  down as eventOwnerDown,
  up as eventOwnerUp,
} from '../../src/db/migrations/0007_event_owner_written';
import type { Principal } from '../../src/http/principal';
import { ReportsService } from '../../src/modules/reports/service';
import { findTrip, sell, sellingContext, ticketOp, type Ctx } from '../selling/fixtures';

const D1 = '2026-01-15';
const D2 = '2026-02-14';
const BIG_TABLES = ['reservations', 'reservation_events', 'reservation_seats', 'commissions', 'ledger_entries'];

interface Captured {
  sql: string;
  params: readonly unknown[];
}

describe('report query plans', () => {
  let t: Ctx;
  let raw: SQLite.Database;
  let logged: Kysely<DB>;
  let captured: Captured[] = [];
  let reports: ReportsService;
  let principal: Principal;
  let companyId: number;

  beforeAll(async () => {
    t = await sellingContext();
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6, slot: 0 });
    companyId = trip.companyId;
    await sell(t, agent, trip, ['A1', 'A2']);
    const file = t.config.database.kind === 'file' ? t.config.database.file : '';
    raw = new SQLite(file);
    logged = new Kysely<DB>({
      dialect: new SqliteDialect({ database: new SQLite(file) }),
      log: (e) => {
        if (e.level === 'query') captured.push({ sql: e.query.sql, params: e.query.parameters });
      },
    });
    reports = new ReportsService(unitsOf(logged as never), t.clock, t.config);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'agent_id', 'outlet_id'])
      .where('username', '=', 'agent')
      .executeTakeFirstOrThrow();
    principal = {
      sessionId: 0,
      userId: user.id,
      username: 'agent',
      agentId: user.agent_id,
      outletId: user.outlet_id,
      companyIds: [companyId],
      permissions: new Set(),
    };
  });
  afterAll(async () => {
    raw.close();
    await logged.destroy();
    await t.close();
  });

  /** Plan lines of every query a report ran that reads one of the big tables. */
  async function plansOf(run: () => Promise<unknown>): Promise<{ sql: string; plan: string[] }[]> {
    captured = [];
    await run();
    return captured
      .filter((q) => BIG_TABLES.some((table) => q.sql.includes(`"${table}"`)))
      .map((q) => ({
        sql: q.sql,
        plan: (raw.prepare(`explain query plan ${q.sql}`).all(...(q.params as unknown[])) as { detail: string }[]).map(
          (r) => r.detail,
        ),
      }));
  }

  function expectNoBigScan(plans: { plan: string[] }[]): void {
    for (const { plan } of plans) {
      for (const line of plan) {
        // "SCAN x" of a subquery's rows is fine; a SCAN of a big table (under any alias) is not.
        const scanned = /^SCAN (\S+)/.exec(line)?.[1];
        expect(scanned === undefined || scanned === 'x', `${line}\n${plan.join('\n')}`).toBe(true);
      }
    }
  }

  const uses = (plans: { plan: string[] }[], index: string, covering = false) =>
    plans.some(({ plan }) => plan.some((line) => line.includes(`${covering ? 'COVERING INDEX' : 'INDEX'} ${index} `)));

  it("migrations 0006 and 0007 applied: the indexes, the event owner columns, the change-of-hands trigger and 0007's fallback instead of 0006's insert trigger", () => {
    const names = new Set(
      (
        raw.prepare(`select name from sqlite_master where type in ('index', 'trigger')`).all() as { name: string }[]
      ).map((r) => r.name),
    );
    for (const index of Object.values(REPORT_INDEXES)) expect(names.has(index), index).toBe(true);
    expect(names.has('reservation_events_owner_insert')).toBe(false);
    expect(names.has(EVENT_OWNER_FALLBACK_TRIGGER)).toBe(true);
    expect(names.has('reservations_owner_update')).toBe(true);
    const columns = (
      raw.prepare(`select name from pragma_table_info('reservation_events')`).all() as { name: string }[]
    ).map((r) => r.name);
    expect(columns).toEqual(expect.arrayContaining(['reservation_agent_id', 'reservation_company_id']));
  });

  it('migration 0006 rolls back to the earlier indexes and applies again', async () => {
    const file = t.config.database.kind === 'file' ? t.config.database.file : '';
    const copy = `${file}.0006`;
    await t.db.executeQuery(sql`vacuum into ${copy}`.compile(t.db));
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(copy) }) });
    const names = async () =>
      new Set(
        (
          await sql<{ name: string }>`select name from sqlite_master where type in ('index', 'trigger')`.execute(db)
        ).rows.map((r) => r.name),
      );
    const columns = async () =>
      (await sql<{ name: string }>`select name from pragma_table_info('reservation_events')`.execute(db)).rows.map(
        (r) => r.name,
      );
    try {
      // 0007's fallback trigger names 0006's columns: it goes first, and comes back last.
      await eventOwnerDown(db);
      expect((await names()).has('reservation_events_owner_insert')).toBe(true);
      await reportSpeedDown(db);
      const before = await names();
      for (const index of Object.values(REPORT_INDEXES)) expect(before.has(index), index).toBe(false);
      for (const index of [
        'reservation_events_user_time_idx',
        'reservation_events_outlet_time_idx',
        'reservation_events_time_idx',
        'reservation_events_reservation_idx',
        'reservation_seats_reservation_idx',
      ])
        expect(before.has(index), index).toBe(true);
      expect(await columns()).not.toContain('reservation_agent_id');
      await reportSpeedUp(db);
      await eventOwnerUp(db);
      const after = await names();
      for (const index of Object.values(REPORT_INDEXES)) expect(after.has(index), index).toBe(true);
      expect([after.has('reservation_events_owner_insert'), after.has(EVENT_OWNER_FALLBACK_TRIGGER)]).toEqual([
        false,
        true,
      ]);
      const unowned = await sql<{
        n: number;
      }>`select count(*) as n from reservation_events e join reservations r on r.id = e.reservation_id where e.reservation_agent_id is not r.agent_id or e.reservation_company_id is not r.company_id`.execute(
        db,
      );
      expect(unowned.rows[0]?.n).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('each event carries its reservation’s agent and company, also after an agent confirms an operator’s booking', async () => {
    const owners = () =>
      raw
        .prepare(
          `select e.reservation_agent_id as a, e.reservation_company_id as c, r.agent_id as ra, r.company_id as rc from reservation_events e join reservations r on r.id = e.reservation_id`,
        )
        .all() as { a: number | null; c: number; ra: number | null; rc: number }[];
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 7, slot: 0 });
    const held = await t.app.services.tripOperator.hold(trip.tripId, 'B1', 3);
    const before = raw
      .prepare(
        `select e.reservation_agent_id as a from reservation_events e join reservations r on r.id = e.reservation_id where r.pnr = ?`,
      )
      .all(held.pnr) as { a: number | null }[];
    expect(before).toEqual([{ a: null }]);
    const res = await ticketOp(t, await t.login('agent'), { pnr: held.pnr, pin: held.pin, action: 8 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = owners();
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows) expect([r.a, r.c]).toEqual([r.ra, r.rc]);
    const after = raw
      .prepare(
        `select e.reservation_agent_id as a from reservation_events e join reservations r on r.id = e.reservation_id where r.pnr = ?`,
      )
      .all(held.pnr) as { a: number | null }[];
    expect(after).toEqual([{ a: principal.agentId }, { a: principal.agentId }]);
  });

  it('a sale writes its event’s owner itself (no trigger rewrites the row); an event written without one gets it from 0007’s fallback', async () => {
    const agent = await t.login('agent');
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 8, slot: 0 });
    const sold = await sell(t, agent, trip, ['C1']);
    const reservation = raw
      .prepare(`select id, agent_id, company_id from reservations where pnr = ?`)
      .get(sold.pnr) as { id: number; agent_id: number; company_id: number };
    expect(reservation.agent_id).toBe(principal.agentId);
    const events = () =>
      raw
        .prepare(
          `select action, reservation_agent_id as a, reservation_company_id as c from reservation_events where reservation_id = ? order by id`,
        )
        .all(reservation.id);
    expect(events()).toEqual([{ action: 'SELL', a: reservation.agent_id, c: reservation.company_id }]);
    // Written with an owner, the row keeps exactly what was written: the fallback does not fire.
    raw
      .prepare(
        `insert into reservation_events (reservation_id, action, user_id, outlet_id, amount_minor, remarks, created_at, reservation_agent_id, reservation_company_id) values (?, 'PROBE', null, null, null, null, ?, null, ?)`,
      )
      .run(reservation.id, new Date().toISOString(), reservation.company_id);
    // Written without one (a writer that does not know it), the fallback copies the reservation's.
    raw
      .prepare(
        `insert into reservation_events (reservation_id, action, user_id, outlet_id, amount_minor, remarks, created_at) values (?, 'PROBE2', null, null, null, null, ?)`,
      )
      .run(reservation.id, new Date().toISOString());
    expect(events()).toEqual([
      { action: 'SELL', a: reservation.agent_id, c: reservation.company_id },
      { action: 'PROBE', a: null, c: reservation.company_id },
      { action: 'PROBE2', a: reservation.agent_id, c: reservation.company_id },
    ]);
    raw.prepare(`delete from reservation_events where action in ('PROBE', 'PROBE2')`).run();
  });

  it('user sales summary and details: the user’s events and the seat money from covering indexes', async () => {
    const summary = await plansOf(() => reports.userSalesSummary(principal, { companyId, fromDate: D1, toDate: D2 }));
    expect(uses(summary, REPORT_INDEXES.eventsByUser, true)).toBe(true);
    expect(uses(summary, REPORT_INDEXES.seatsByReservation, true)).toBe(true);
    expect(uses(summary, 'commissions_list_idx')).toBe(true);
    expectNoBigScan(summary);
    const details = await plansOf(() => reports.userSalesDetails(principal, { companyId, date: D1 }));
    expect(uses(details, REPORT_INDEXES.eventsByUser, true)).toBe(true);
    expectNoBigScan(details);
  });

  it('outlet sales (all three): the outlets’ events from the covering outlet index', async () => {
    const outletId = principal.outletId ?? 0;
    for (const run of [
      () => reports.outletSales(principal, { companyId, fromDate: D1, toDate: D2 }),
      () => reports.outletSalesByDateRange(principal, { companyId, outletId, fromDate: D1, toDate: D2 }),
      () => reports.outletSalesDetails(principal, { companyId, fromDate: D1, toDate: D2 }),
    ]) {
      const plans = await plansOf(run);
      expect(uses(plans, REPORT_INDEXES.eventsByOutlet, true), plans.map((p) => p.plan.join('\n')).join('\n--\n')).toBe(
        true,
      );
      expectNoBigScan(plans);
    }
  });

  it('omitted trips: from the company’s trips of the dates to their reservations, never every reservation of the agent', async () => {
    const plans = await plansOf(() =>
      reports.omittedTrips(principal, { companyId, routeId: 0, fromDate: D1, toDate: D2 }),
    );
    expect(plans).toHaveLength(2);
    for (const { plan } of plans) {
      const text = plan.join('\n');
      expect(text).toMatch(/SEARCH t USING (COVERING )?INDEX trips_company_(state_)?date_idx/);
      expect(text).toContain('SEARCH r USING INDEX reservations_trip_idx (trip_id=?)');
      expect(text).not.toContain('reservations_agent_time_idx');
    }
    expect(uses(plans, REPORT_INDEXES.omittedTrips, true)).toBe(true);
    expectNoBigScan(plans);
  });

  it('reservation details: the page’s ids and the totals from the agent’s reservations of the period, refunds from the covering event index', async () => {
    const plans = await plansOf(() =>
      reports.reservationDetails(principal, { companyId, fromDate: D1, toDate: D2, page: 1, pageSize: 20 }),
    );
    expect(plans).toHaveLength(2);
    for (const { plan } of plans)
      expect(plan.join('\n')).toContain(
        'SEARCH r USING INDEX reservations_agent_time_idx (agent_id=? AND company_id=? AND created_at>? AND created_at<?)',
      );
    expect(uses(plans, REPORT_INDEXES.eventsByReservation, true)).toBe(true);
    expectNoBigScan(plans);
  });

  it('reservation history: the agent’s events of the period from the covering agent index, for the page and the totals', async () => {
    const plans = await plansOf(() =>
      reports.reservationHistory(principal, { companyId, fromDate: D1, toDate: D2, page: 1, pageSize: 20 }),
    );
    expect(plans).toHaveLength(2);
    for (const { plan } of plans)
      expect(plan.join('\n')).toContain(
        `USING COVERING INDEX ${REPORT_INDEXES.eventsByAgent} (reservation_agent_id=? AND reservation_company_id=? AND created_at>? AND created_at<?)`,
      );
    expectNoBigScan(plans);
  });
});
