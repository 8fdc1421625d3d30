import SQLite from 'better-sqlite3';
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteOf } from '../../src/db/database';
import { create, findTrip, lock, makeUser, passenger, seg, sellingContext, type Ctx } from '../selling/fixtures';

/**
 * An acknowledged sale survives a power loss (db/database.ts, synchronous).
 *
 * After a power loss or an OS crash the disk holds what was synced to it,
 * nothing more: WAL frames written since the WAL's last sync are gone. At the
 * moment the server answers a sale (Fastify's onSend, before a byte leaves),
 * this test copies the database as such a crash would leave it: the database
 * file, and the WAL cut to its last synced byte. It then opens the copy
 * (SQLite recovers from the WAL what the cut left whole) and requires the
 * acknowledged sale, its ledger debit and its PIN SMS in it.
 *
 * Where the WAL's last sync is comes from SQLite's documented sync points
 * for the synchronous level the server's connection has at that moment:
 * FULL (and EXTRA) sync the WAL in every COMMIT before it returns; NORMAL
 * syncs it only before a checkpoint copies frames from it (its checkpoint
 * info in the -shm file: the frames backfilled so far), and the header of a
 * WAL it starts afresh; OFF never. (Seen with strace on Linux: under FULL one
 * fsync of the WAL per COMMIT; under NORMAL, after a checkpoint emptied the
 * WAL, one for the new header and none for three COMMITs.) Under NORMAL the
 * copy loses every commit since the last checkpoint, the sale with it, and
 * this test fails.
 */

const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
/** WalCkptInfo.nBackfill in the wal-index (-shm): two 48-byte copies of its header come first. */
const SHM_BACKFILL_OFFSET = 96;

function readU32(file: string, offset: number): number {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(4);
    if (readSync(fd, buf, 0, 4, offset) < 4) return 0;
    // The wal-index is in the machine's byte order; every platform Node runs the server on is little-endian.
    return buf.readUInt32LE(0);
  } finally {
    closeSync(fd);
  }
}

/**
 * Bytes of the WAL a power loss cannot take back now, by SQLite's sync points for the connection's synchronous level.
 */
function syncedWalBytes(sqlite: SQLite.Database, file: string): number {
  const size = statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  const level = Number(sqlite.pragma('synchronous', { simple: true }));
  if (level >= 2) return size; // FULL, EXTRA: each COMMIT synced the WAL through its frames before it returned.
  if (level === 0) return 0; // OFF: never synced.
  // NORMAL: synced before each checkpoint, through the frames it then copied (its header also at a restart).
  const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
  const backfilled = readU32(`${file}-shm`, SHM_BACKFILL_OFFSET);
  return Math.min(
    size,
    backfilled ? WAL_HEADER_BYTES + backfilled * (FRAME_HEADER_BYTES + pageSize) : WAL_HEADER_BYTES,
  );
}

/**
 * Copies the database as a crash now would leave it: the file, and the WAL cut to `walBytes` (no -shm: SQLite rebuilds
 * it).
 */
function copyAsCrashed(file: string, into: string, walBytes: number): string {
  mkdirSync(into, { recursive: true });
  const copy = path.join(into, 'crashed.sqlite');
  copyFileSync(file, copy);
  const wal = Buffer.alloc(walBytes);
  const fd = openSync(`${file}-wal`, 'r');
  try {
    readSync(fd, wal, 0, walBytes, 0);
  } finally {
    closeSync(fd);
  }
  writeFileSync(`${copy}-wal`, wal);
  return copy;
}

interface Stored {
  reservation: boolean;
  debit: boolean;
  sms: boolean;
}

function storedIn(copy: string, pnr: string): Stored {
  const db = new SQLite(copy);
  try {
    const one = (q: string) => db.prepare(q).get(pnr) !== undefined;
    return {
      reservation: one('select 1 from reservations where pnr = ?'),
      debit: one("select 1 from ledger_entries where reference = ? and entry_type = 'DEBIT'"),
      sms: one("select 1 from sms_outbox where purpose = 'RESERVATION_PIN' and text like '%' || ? || '%'"),
    };
  } finally {
    db.close();
  }
}

describe('an acknowledged sale survives a power loss', () => {
  let t: Ctx;
  let scratch: string;
  let file: string;
  /** Per answered sale: its PNR, and the copy of the database taken as it was answered. */
  const answered: { pnr: string; copy: string; walBytes: number; walSize: number }[] = [];

  beforeAll(async () => {
    t = await sellingContext();
    scratch = mkdtempSync(path.join(tmpdir(), 'agent-portal-crash-'));
    if (t.config.database.kind !== 'file') throw new Error('needs a database file');
    file = t.config.database.file;
    const sqlite = sqliteOf(t.db);
    t.app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.endsWith('/createReservation') || reply.statusCode !== 200 || typeof payload !== 'string')
        return payload;
      const { pnr } = JSON.parse(payload) as { pnr: string };
      const walBytes = syncedWalBytes(sqlite, file);
      answered.push({
        pnr,
        copy: copyAsCrashed(file, path.join(scratch, `${answered.length}`), walBytes),
        walBytes,
        walSize: statSync(`${file}-wal`).size,
      });
      return payload;
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('the database copied at the moment of each answer, with the WAL cut to its last sync, holds the sale, its debit and its PIN SMS', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 });
    const perms = ['AGENT_CREATE_RESERVATION'];
    const sellers = [
      await makeUser(t, 'crash-1', perms, { agent: 'AG-1001', companies: ['MEGHNA'] }),
      await makeUser(t, 'crash-2', perms, { agent: 'AG-1001', companies: ['MEGHNA'] }),
      await makeUser(t, 'crash-3', perms, { agent: 'AG-1001', companies: ['MEGHNA'] }),
    ];
    const seats = ['A1', 'A2', 'A3'];
    for (const [i, token] of sellers.entries())
      expect((await lock(t, token, trip, [seats[i] as string])).status).toBe(200);
    // Everything so far checkpointed into the file and the WAL emptied: the sales below live only in
    // WAL frames written after the last checkpoint, so what keeps them is the sync of their COMMIT.
    sqliteOf(t.db).pragma('wal_checkpoint(TRUNCATE)');
    expect(statSync(`${file}-wal`).size).toBe(0);
    // Three at once: one group commit, one COMMIT, three answers.
    const sales = await Promise.all(
      sellers.map((token, i) =>
        create(
          t,
          token,
          { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: [seats[i]], passenger: passenger() },
          { 'idempotency-key': `crash-${i}` },
        ),
      ),
    );
    for (const sale of sales) expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    expect(answered.map((a) => a.pnr).sort()).toEqual(sales.map((s) => s.body.pnr as string).sort());
    for (const a of answered) {
      // The sale was in the WAL when it was answered (answered after its COMMIT, never before) ...
      expect(a.walSize).toBeGreaterThan(WAL_HEADER_BYTES);
      // ... and a crash at that moment keeps it.
      expect({ pnr: a.pnr, walBytes: a.walBytes, ...storedIn(a.copy, a.pnr) }).toEqual({
        pnr: a.pnr,
        walBytes: a.walSize,
        reservation: true,
        debit: true,
        sms: true,
      });
    }
  });

  it('the copy is a crash, not the live database: the WAL cut to the last checkpoint loses the same sale', () => {
    // What NORMAL would keep: the frames synced before the last checkpoint, here none.
    const [first] = answered;
    expect(first).toBeDefined();
    if (!first) return;
    const cut = copyAsCrashed(file, path.join(scratch, 'checkpoint-only'), WAL_HEADER_BYTES);
    expect(storedIn(cut, first.pnr)).toEqual({ reservation: false, debit: false, sms: false });
  });
});
