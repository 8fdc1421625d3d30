/**
 * Records benchmark: `node --import tsx server/bench/records.ts [--rows N]`.
 *
 * Builds a scratch database (migrated, demo world seeded) and bulk-inserts,
 * in one transaction, N ledger rows (default 1,000,000) for ONE agent
 * account over the past year (the worst case: every row in the filter),
 * with one approved deposit request per 50 rows plus as many pending and
 * rejected ones, and one commission row per 2 rows. Then it times the
 * first, a middle and the last page (50 rows, whole year) of
 * searchTransactions, depositList and commissionList through the real
 * service code, median of 5 runs after a warm-up, and the account's balance as the portal's balance chip reads it
 * (GET /api/account/{companyId}).
 * Prints ONE JSON line: {rows, deposits, commissions, buildSeconds, accountMs, <list>: {first, middle, last} ms}.
 */
import SQLite from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { PERMISSIONS } from '@agent-portal/contract';
import { openDatabase } from '../src/db/database';
import type { Principal } from '../src/http/principal';
import { DAY_MS, systemClock } from '../src/lib/clock';
import { localDateOf } from '../src/lib/zoned-time';
import { createServices } from '../src/services';
import { intArg, median, timeRuns, withScratchDatabase } from './scratch';

interface Built {
  principal: Principal;
  companyId: number;
  deposits: number;
  commissions: number;
}

/** Bulk rows with prepared statements in one transaction: far faster than going through the services. */
function bulkInsert(file: string, rows: number, start: number, end: number): Built {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const company = sqlite.prepare(`select id from companies where code = 'PADMA'`).get() as { id: number };
  const template = sqlite
    .prepare(`select id, password_hash, password_changed_at from users where username = 'agent'`)
    .get() as { id: number; password_hash: string; password_changed_at: string };
  const reservation = sqlite.prepare(`select id from trips where company_id = ? limit 1`).get(company.id) as {
    id: number;
  };
  let built: Built | null = null;
  sqlite.transaction(() => {
    const nowIso = new Date(end).toISOString();
    const agentId = Number(
      sqlite
        .prepare(
          `insert into agents (code, name, phone, created_at) values ('BENCH-REC', 'Records bench agent', null, ?)`,
        )
        .run(nowIso).lastInsertRowid,
    );
    const outletId = Number(
      sqlite
        .prepare(`insert into outlets (agent_id, code, name) values (?, 'OUT-BENCH-REC', 'Bench outlet')`)
        .run(agentId).lastInsertRowid,
    );
    const userId = Number(
      sqlite
        .prepare(
          `insert into users (username, password_hash, full_name, agent_id, outlet_id, password_changed_at, password_never_expires, created_at) values ('benchrec', ?, 'Bench', ?, ?, ?, 1, ?)`,
        )
        .run(template.password_hash, agentId, outletId, template.password_changed_at, nowIso).lastInsertRowid,
    );
    const accountId = Number(
      sqlite
        .prepare(
          `insert into agent_accounts (agent_id, company_id, plan, credit_limit_minor, created_at) values (?, ?, 'PREPAID', null, ?)`,
        )
        .run(agentId, company.id, nowIso).lastInsertRowid,
    );
    // One sold reservation carries every commission row (the list joins it for the PNR).
    const trip = sqlite
      .prepare(
        `select t.id, t.route_id, s.station_id as origin, d.station_id as destination from trips t join trip_stops s on s.trip_id = t.id and s.stop_index = 0 join trip_stops d on d.trip_id = t.id and d.stop_index = 1 where t.id = ?`,
      )
      .get(reservation.id) as { id: number; route_id: number; origin: number; destination: number };
    const reservationId = Number(
      sqlite
        .prepare(
          `insert into reservations (pnr, pin_hash, status, kind, company_id, trip_id, route_id, from_index, to_index, origin_station_id, destination_station_id, passenger_name, passenger_phone, passenger_country, agent_id, outlet_id, user_id, fare_minor, print_count, created_at, updated_at) values ('BENCHREC01', 'x', 1, 'SELL', ?, ?, ?, 0, 1, ?, ?, 'Bench', '+8801700000000', 'BD', ?, ?, ?, 100000, 1, ?, ?)`,
        )
        .run(
          company.id,
          trip.id,
          trip.route_id,
          trip.origin,
          trip.destination,
          agentId,
          outletId,
          userId,
          nowIso,
          nowIso,
        ).lastInsertRowid,
    );
    const ledger = sqlite.prepare(
      `insert into ledger_entries (account_id, entry_type, amount_minor, balance_after_minor, kind, reference, description, created_by_user_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const deposit = sqlite.prepare(
      `insert into deposit_requests (agent_id, company_id, user_id, outlet_id, amount_minor, reference_number, description, status, created_at, decided_at, employee, ledger_entry_id) values (?, ?, ?, ?, ?, ?, 'Bench deposit', ?, ?, ?, ?, ?)`,
    );
    const commission = sqlite.prepare(
      `insert into commissions (agent_id, company_id, reservation_id, kind, rate_hundredths, commission_type, amount_minor, paid, paid_at, employee, created_at) values (?, ?, ?, ?, 500, 'PERCENT', ?, ?, ?, ?, ?)`,
    );
    const step = (end - start) / rows;
    let balance = 0;
    let deposits = 0;
    let commissions = 0;
    for (let i = 0; i < rows; i += 1) {
      const at = new Date(start + Math.floor(i * step)).toISOString();
      const isDeposit = i % 50 === 0;
      const isRefund = !isDeposit && i % 17 === 0;
      const amount = isDeposit ? 5_000_000 : 50_000 + (i % 7) * 10_000;
      const type = isDeposit || isRefund ? 'CREDIT' : 'DEBIT';
      balance += type === 'CREDIT' ? amount : -amount;
      const kind = isDeposit ? 'DEPOSIT' : isRefund ? 'REFUND' : 'TICKET_SALE';
      const ref = isDeposit ? `BANK-${i}` : `PNR${String(i).padStart(7, '0')}`;
      const entryId = Number(
        ledger.run(accountId, type, amount, balance, kind, ref, `${kind} ${ref}`, userId, at).lastInsertRowid,
      );
      if (isDeposit) {
        deposit.run(agentId, company.id, userId, outletId, amount, ref, 'APPROVED', at, at, 'Bench operator', entryId);
        deposit.run(
          agentId,
          company.id,
          userId,
          outletId,
          amount,
          `${ref}-X`,
          i % 100 === 0 ? 'REJECTED' : 'PENDING',
          at,
          i % 100 === 0 ? at : null,
          null,
          null,
        );
        deposits += 2;
      }
      if (i % 2 === 1) {
        const paid = at < new Date(end - 30 * DAY_MS).toISOString() ? 1 : 0;
        commission.run(
          agentId,
          company.id,
          reservationId,
          isRefund ? 'REVERSAL' : 'SALE',
          isRefund ? -2_500 : 2_500,
          paid,
          paid ? at : null,
          paid ? 'Bench operator' : null,
          at,
        );
        commissions += 1;
      }
    }
    built = {
      principal: {
        sessionId: 0,
        userId,
        username: 'benchrec',
        agentId,
        outletId,
        companyIds: [company.id],
        permissions: new Set(PERMISSIONS),
      },
      companyId: company.id,
      deposits,
      commissions,
    };
  })();
  sqlite.pragma('optimize');
  sqlite.close();
  if (!built) throw new Error('bulk insert did not run');
  return built;
}

/** Median of 5 runs after a warm-up. */
const timed = async (run: () => Promise<unknown>): Promise<number> => median(await timeRuns(run, 5));

async function main(): Promise<void> {
  const rows = intArg('rows', 1_000_000);
  const t0 = performance.now();
  await withScratchDatabase('agent-portal-records-bench-', {}, async ({ file, config }) => {
    const end = Date.now();
    const start = end - 365 * DAY_MS;
    const built = bulkInsert(file, rows, start, end - 60_000);
    const buildSeconds = Math.round((performance.now() - t0) / 100) / 10;

    const db = openDatabase(config.database);
    const services = createServices({ config, db, clock: systemClock });
    const range = {
      companyId: built.companyId,
      startDate: localDateOf(new Date(start), config.timeZone),
      endDate: localDateOf(new Date(end), config.timeZone),
    };
    const pageSize = 50;
    const lastPage = (total: number) => Math.max(1, Math.ceil(total / pageSize));
    const p = built.principal;

    const txTotal = (await services.transactions.search(p, { ...range, page: 1, pageSize, sort: 'dateTime,desc' }))
      .total;
    const depositRows = (
      await services.transactions.search(p, { ...range, reason: 'DEPOSIT', page: 1, pageSize, sort: 'dateTime,desc' })
    ).total;
    const depTotal = (await services.deposits.list(p, { ...range, page: 1, pageSize, sort: 'dateTime,desc' })).total;
    const comTotal = (await services.commissionRecords.list(p, { ...range, page: 1, pageSize, sort: 'dateTime,desc' }))
      .total;
    const unpaidTotal = (
      await services.commissionRecords.list(p, { ...range, paid: false, page: 1, pageSize, sort: 'dateTime,desc' })
    ).total;
    const pages = (total: number) => ({ first: 1, middle: Math.ceil(lastPage(total) / 2), last: lastPage(total) });
    const measure = async (total: number, run: (page: number) => Promise<unknown>) => {
      const at = pages(total);
      return {
        first: await timed(() => run(at.first)),
        middle: await timed(() => run(at.middle)),
        last: await timed(() => run(at.last)),
      };
    };
    const result = {
      rows,
      deposits: built.deposits,
      commissions: built.commissions,
      buildSeconds,
      pageSize,
      // The balance chip's read (every screen's header), over the account's whole year of rows.
      accountMs: await timed(() => services.accounts.account(p.agentId, built.companyId)),
      searchTransactions: await measure(txTotal, (page) =>
        services.transactions.search(p, { ...range, page, pageSize, sort: 'dateTime,desc' }),
      ),
      searchTransactionsDebitsOnly: await measure(txTotal, (page) =>
        services.transactions.search(p, { ...range, type: 'DEBIT', page, pageSize, sort: 'dateTime,desc' }),
      ),
      searchTransactionsDepositsOnly: await measure(depositRows, (page) =>
        services.transactions.search(p, { ...range, reason: 'DEPOSIT', page, pageSize, sort: 'dateTime,desc' }),
      ),
      depositList: await measure(depTotal, (page) =>
        services.deposits.list(p, { ...range, page, pageSize, sort: 'dateTime,desc' }),
      ),
      commissionList: await measure(comTotal, (page) =>
        services.commissionRecords.list(p, { ...range, page, pageSize, sort: 'dateTime,desc' }),
      ),
      commissionListUnpaidOnly: await measure(unpaidTotal, (page) =>
        services.commissionRecords.list(p, { ...range, paid: false, page, pageSize, sort: 'dateTime,desc' }),
      ),
    };
    await db.destroy();
    console.log(JSON.stringify(result));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
