import SQLite from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBenchAgents } from '../../bench/agents';
import { loadConfig, SERVER_DIR } from '../../src/config';
import { closeDatabase, migrateToLatest, openDatabase } from '../../src/db/database';
import { doubleHeldSeats } from '../../src/db/integrity';
import { seedDemoWorld } from '../../src/db/seed';
import { seatsOf, SEAT_LAYOUTS } from '../../src/domain/seat-layouts';
import { clockFor } from '../../src/lib/clock';

/**
 * kill -9 in the middle of selling: a real server process, six counters
 * selling from their own accounts (pairs of them racing for the same seats),
 * SIGKILL at an answer from the 30th sale on, once two other sales are in
 * flight, then a restart on the same database. Every acknowledged sale must
 * be there, no seat held twice, each balance the opening minus the charges
 * acknowledged to its counter, and a retry with the same Idempotency-Key
 * answers the same sale and charges nothing. A sale that was in flight at
 * the kill is retried with its key: it is either answered from the store
 * (it had committed) or sold now, never both.
 *
 * Deterministic: the server runs on FIXED_NOW (the restart on a later one,
 * so its clock does not run back), on a scratch database seeded here.
 */

const ROOT = path.join(SERVER_DIR, '..');
const STARTED_AT = '2026-03-10T04:00:00.000Z';
/** The restart's clock: after anything the first run wrote (it lives seconds), within the seat locks' hour. */
const RESTARTED_AT = '2026-03-10T04:10:00.000Z';
const COUNTERS = 6;
const KILL_AT_SALES = 30;

interface Server {
  process: ChildProcess;
  base: string;
  output: () => string;
}

function serverEnv(file: string, fixedNow: string): Record<string, string> {
  return {
    DATABASE_URL: file,
    PORT: '0',
    HOST: '127.0.0.1',
    APP_MODE: 'demo',
    FIXED_NOW: fixedNow,
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_COST: '10',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000',
    BOOKING_SWEEP_SECONDS: '0',
    RETENTION_SWEEP_MINUTES: '0',
    SEAT_LOCK_MINUTES: '60',
    REPORT_WORKERS: '0',
  };
}

/** Starts src/main.ts as the operator would; resolves once it prints the address it listens on. */
function startServer(file: string, fixedNow: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'src', 'main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...serverEnv(file, fixedNow) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const address = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (address?.[1]) {
        child.stdout?.off('data', onData);
        resolve({ process: child, base: address[1], output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`)),
    );
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

// Answers are whatever JSON came back; the test asserts on it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Body }> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

interface Trip {
  tripId: number;
  stations: number[];
  seats: string[];
}

interface Sale {
  counter: number;
  key: string;
  body: Record<string, unknown>;
}

describe('kill -9 while selling', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-portal-kill-'));
  const file = path.join(dir, 'kill.sqlite');
  const servers: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of servers) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('every acknowledged sale survives, no seat is held twice, balances are the opening minus acknowledged charges, a retry charges nothing', async () => {
    // The database the server will find: migrated, the demo world at FIXED_NOW, one bench agent
    // (own account, every MEGHNA route, no seat limit) per counter.
    const config = loadConfig(serverEnv(file, STARTED_AT));
    const setup = openDatabase(config.database);
    await migrateToLatest(setup);
    await seedDemoWorld(setup, { clock: clockFor(config), config });
    const users = await createBenchAgents(setup, COUNTERS, config, new Date(Date.parse(STARTED_AT) - 86_400_000));
    const companyId = (
      await setup.selectFrom('companies').select('id').where('code', '=', 'MEGHNA').executeTakeFirstOrThrow()
    ).id;
    const rows = await setup
      .selectFrom('trips as t')
      .innerJoin('coach_layouts as l', 'l.coach_id', 't.coach_id')
      .select(['t.id', 'l.layout_key'])
      .where('t.company_id', '=', companyId)
      .where('t.departure_at', '>', new Date(Date.parse(STARTED_AT) + 86_400_000).toISOString())
      .orderBy('t.departure_at')
      .orderBy('t.id')
      .limit(12)
      .execute();
    const trips: Trip[] = [];
    for (const row of rows) {
      const stops = await setup
        .selectFrom('trip_stops')
        .select('station_id')
        .where('trip_id', '=', row.id)
        .orderBy('stop_index')
        .execute();
      const layout = SEAT_LAYOUTS[row.layout_key]?.();
      if (layout)
        trips.push({
          tripId: row.id,
          stations: stops.map((s) => s.station_id),
          seats: seatsOf(layout).map((s) => s.name),
        });
    }
    await closeDatabase(setup);
    expect(trips.length).toBeGreaterThan(3);

    let server = await startServer(file, STARTED_AT);
    servers.push(server.process);
    const tokens: string[] = [];
    for (const u of users) {
      const res = await call(server.base, 'POST', '/api/login', null, { username: u.username, password: u.password });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      tokens.push(res.body.token as string);
    }
    const balance = async (base: string, counter: number) => {
      const res = await call(base, 'GET', `/api/account/${companyId}`, tokens[counter] as string);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return Math.round((res.body.balance as number) * 100);
    };
    const opening: number[] = [];
    for (let i = 0; i < COUNTERS; i += 1) opening.push(await balance(server.base, i));

    // Acknowledged sales (the answer came back), and each counter's sale in flight when the server died.
    const acknowledged = new Map<string, { sale: Sale; pnr: string; chargedMinor: number }>();
    const inFlight: Sale[] = [];
    /** Sales sent and not yet answered. */
    let selling = 0;
    let killed = false;
    const first = server;
    const counter = async (i: number) => {
      const token = tokens[i] as string;
      // Counters 0 and 1 go for the same seats in the same order, as do 2 and 3, and 4 and 5.
      for (let step = 0; !killed; step += 1) {
        const k = step * (COUNTERS / 2) + (i >> 1);
        const trip = trips[k % trips.length] as Trip;
        const seat = trip.seats[Math.floor(k / trips.length)] as string;
        const segment = {
          tripId: trip.tripId,
          originStationId: trip.stations[0],
          destinationStationId: trip.stations[trip.stations.length - 1],
        };
        const sale: Sale = {
          counter: i,
          key: `kill-${i}-${step}`,
          body: {
            companyId,
            kind: 'SELL',
            ...segment,
            seats: [seat],
            passenger: { phone: '+8801711223344', name: `Passenger ${i}-${step}`, countryCode: 'BD' },
          },
        };
        try {
          const locked = await call(first.base, 'POST', '/api/reservation/seatLock', token, {
            ...segment,
            lock: [seat],
          });
          if (locked.status !== 200) continue;
        } catch {
          return; // the server died; a lock is no charge
        }
        let res;
        selling += 1;
        try {
          res = await call(first.base, 'POST', '/api/reservation/createReservation', token, sale.body, {
            'idempotency-key': sale.key,
          });
        } catch {
          inFlight.push(sale);
          return;
        } finally {
          selling -= 1;
        }
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        acknowledged.set(sale.key, {
          sale,
          pnr: res.body.pnr as string,
          chargedMinor: Math.round((res.body.totalFare as number) * 100),
        });
        // Killed at an answer while other counters wait for theirs (after the 30th sale, by the 60th whatever is in
        // flight).
        if (!killed && acknowledged.size >= KILL_AT_SALES && (selling >= 2 || acknowledged.size >= 2 * KILL_AT_SALES)) {
          killed = true;
          first.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: COUNTERS }, (_, i) => counter(i)));
    await exited(first.process);
    expect(first.process.signalCode).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AT_SALES);

    server = await startServer(file, RESTARTED_AT);
    servers.push(server.process);
    // The sales the counters never heard back about: retried with their keys, answered either way.
    for (const sale of inFlight) {
      const res = await call(
        server.base,
        'POST',
        '/api/reservation/createReservation',
        tokens[sale.counter] as string,
        sale.body,
        { 'idempotency-key': sale.key },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      acknowledged.set(sale.key, {
        sale,
        pnr: res.body.pnr as string,
        chargedMinor: Math.round((res.body.totalFare as number) * 100),
      });
    }
    const charged = (i: number) =>
      [...acknowledged.values()].filter((a) => a.sale.counter === i).reduce((sum, a) => sum + a.chargedMinor, 0);
    for (let i = 0; i < COUNTERS; i += 1)
      expect({ counter: i, balance: await balance(server.base, i) }).toEqual({
        counter: i,
        balance: (opening[i] as number) - charged(i),
      });

    // Every acknowledged sale again, with its key: the same PNR, and not a paisa more.
    for (const a of acknowledged.values()) {
      const res = await call(
        server.base,
        'POST',
        '/api/reservation/createReservation',
        tokens[a.sale.counter] as string,
        a.sale.body,
        { 'idempotency-key': a.sale.key },
      );
      expect({ status: res.status, pnr: res.body.pnr }).toEqual({ status: 200, pnr: a.pnr });
    }
    for (let i = 0; i < COUNTERS; i += 1)
      expect({ counter: i, balance: await balance(server.base, i) }).toEqual({
        counter: i,
        balance: (opening[i] as number) - charged(i),
      });

    server.process.kill('SIGTERM');
    await exited(server.process);
    const sqlite = new SQLite(file, { readonly: true });
    try {
      const pnrs = [...acknowledged.values()].map((a) => a.pnr);
      const stored = sqlite
        .prepare(
          `select r.pnr from reservations r join ledger_entries l on l.reference = r.pnr and l.entry_type = 'DEBIT' where r.status = 1 and r.pnr in (${pnrs.map(() => '?').join(',')})`,
        )
        .all(...pnrs) as { pnr: string }[];
      expect(stored.map((r) => r.pnr).sort()).toEqual([...pnrs].sort());
      // Exactly the acknowledged sales: nothing sold that no counter was told of.
      expect(
        (
          sqlite
            .prepare(
              'select count(*) as n from reservations where agent_id in (select id from agents where code like ?)',
            )
            .get('BENCH-%') as { n: number }
        ).n,
      ).toBe(pnrs.length);
    } finally {
      sqlite.close();
    }
    const after = openDatabase(config.database);
    try {
      expect(await doubleHeldSeats(after)).toBe(0);
    } finally {
      await closeDatabase(after);
    }
  }, 60_000);
});
