import SQLite from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import type { Config } from '../src/config';
import { applyServerPragmas, migrateToLatest, openDatabase } from '../src/db/database';
import { startBackgroundCheckpoints } from '../src/db/checkpointer';
import { seedDemoWorld } from '../src/db/seed';
import { systemClock } from '../src/lib/clock';

/**
 * The ceiling: plain write transactions (BEGIN IMMEDIATE ... COMMIT) on a
 * scratch file with the server's pragmas and its background checkpoints
 * (db/checkpointer.ts), each inserting what one sale
 * inserts (reservation, its seat, a ledger row, a commission row) with
 * prepared statements, for two seconds. No HTTP, no checks.
 */
export async function measureRawTransactions(file: string, config: Config, seconds = 2): Promise<number> {
  const setup = openDatabase({ kind: 'file', file });
  await migrateToLatest(setup);
  await seedDemoWorld(setup, { clock: systemClock, config });
  await setup.destroy();

  const sqlite = new SQLite(file);
  applyServerPragmas(sqlite, true);
  // Checkpoints as the server has them (db/checkpointer.ts): on a worker thread, not in the loop.
  const checkpoints = startBackgroundCheckpoints(sqlite, file);
  await checkpoints.ready;
  const trip = sqlite
    .prepare(
      'select t.id, t.company_id, t.route_id, s.station_id as origin from trips t join trip_stops s on s.trip_id = t.id and s.stop_index = 0 limit 1',
    )
    .get() as { id: number; company_id: number; route_id: number; origin: number };
  const account = sqlite.prepare('select id, agent_id from agent_accounts order by id limit 1').get() as {
    id: number;
    agent_id: number;
  };
  const insertReservation =
    sqlite.prepare(`insert into reservations (pnr, pin_hash, status, kind, company_id, trip_id, route_id, from_index, to_index, origin_station_id, destination_station_id,
    passenger_name, passenger_phone, passenger_country, agent_id, fare_minor, created_at, updated_at)
    values (?, 'x', 1, 'SELL', ?, ?, ?, 0, 1, ?, ?, 'Raw', '+8801700000000', 'BD', ?, 100000, ?, ?)`);
  const insertSeat = sqlite.prepare(
    `insert into reservation_seats (reservation_id, trip_id, seat_name, seat_type, from_index, to_index, fare_minor, status) values (?, ?, ?, 'Standard', 0, 1, 100000, 1)`,
  );
  const insertLedger = sqlite.prepare(
    `insert into ledger_entries (account_id, entry_type, amount_minor, balance_after_minor, kind, reference, created_at) values (?, 'DEBIT', 100000, ?, 'TICKET_SALE', ?, ?)`,
  );
  const insertCommission = sqlite.prepare(
    `insert into commissions (agent_id, company_id, reservation_id, kind, amount_minor, created_at) values (?, ?, ?, 'SALE', 3000, ?)`,
  );
  const begin = sqlite.prepare('begin immediate');
  const commit = sqlite.prepare('commit');
  const write = (n: number) => {
    const now = new Date().toISOString();
    const pnr = `RAW${String(n).padStart(7, '0')}`;
    begin.run();
    const { lastInsertRowid } = insertReservation.run(
      pnr,
      trip.company_id,
      trip.id,
      trip.route_id,
      trip.origin,
      trip.origin,
      account.agent_id,
      now,
      now,
    );
    insertSeat.run(lastInsertRowid, trip.id, `S${n}`);
    insertLedger.run(account.id, -n * 100000, pnr, now);
    insertCommission.run(account.agent_id, trip.company_id, lastInsertRowid, now);
    commit.run();
  };
  let n = 0;
  // A warm-up, not counted, as the sales have one (bench/sell.ts).
  for (const warm = performance.now() + 500; performance.now() < warm; n += 1) write(n);
  const first = n;
  const started = performance.now();
  const end = started + seconds * 1000;
  for (; performance.now() < end; n += 1) write(n);
  const rate = (n - first) / ((performance.now() - started) / 1000);
  await checkpoints.stop();
  sqlite.close();
  return Math.round(rate);
}
