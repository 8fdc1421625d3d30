/**
 * Live events across processes on SQLite (issue #35). The in-process bus (live-bus.ts) reaches only the streams of
 * the process that committed; a unit committed by another process on the same file (the operator command line
 * approving a deposit, switching maintenance, cancelling a ticket) writes its messages into live_outbox instead
 * (migration 0020), in its own transaction: they exist exactly when it committed.
 *
 * The server process reads them on a read-only connection of its own (the server's connection is inside a group's
 * transaction much of a busy second, where it would see an older snapshot): every OUTBOX_POLL_MS it asks that
 * connection for `PRAGMA data_version`, which changes only when another connection has committed (a microsecond, no
 * I/O when nothing did), and then reads the rows after the last one it passed on (an indexed read of a few rows).
 * Its own process's commits change it too: a read that finds nothing. Rows are deleted a minute after they were read
 * (so another server process on the file, as tests start, reads them too). The server's own units never write the
 * outbox: they deliver in-process.
 */
import SQLite from 'better-sqlite3';
import { sqliteOf, type Database } from './database';
import { runUnit } from './run-unit';
import { Unit } from './unit';
import { queryRows } from './precompiled';

/** How often the server looks for another process's commits: well within the second a live event may take. */
export const OUTBOX_POLL_MS = 250;
/** How long a read row stays for other readers before it is deleted. */
const KEEP_MS = 60_000;

/** Inside `uow`: the message for the streams of the server process, once the unit commits. */
export async function writeOutbox(uow: Unit, message: unknown): Promise<void> {
  await queryRows(Unit.transactionOf(uow), 'insert into live_outbox (message) values (?)', [JSON.stringify(message)]);
}

export class SqliteOutboxReader {
  private readonly sqlite: SQLite.Database;
  private version = -1;
  private lastId = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The last id read as of a minute ago and now: rows up to the first are deleted. */
  private marks: { at: number; id: number }[] = [];
  private pruning = false;

  constructor(
    private readonly db: Database,
    private readonly deliver: (message: unknown) => void,
  ) {
    this.sqlite = new SQLite(sqliteOf(db).name, { readonly: true, fileMustExist: true });
  }

  /** A file database only: an in-memory one is this process's alone. */
  static usable(db: Database): boolean {
    return !sqliteOf(db).memory;
  }

  start(): void {
    this.lastId = (
      this.sqlite.prepare('select coalesce(max(id), 0) as id from live_outbox').get() as { id: number }
    ).id;
    this.version = this.dataVersion();
    this.timer = setInterval(() => this.poll(), OUTBOX_POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.sqlite.open) this.sqlite.close();
  }

  private dataVersion(): number {
    return this.sqlite.pragma('data_version', { simple: true }) as number;
  }

  /** Passes on the rows another connection committed since the last look; answers how many. */
  poll(): number {
    if (!this.sqlite.open) return 0;
    const version = this.dataVersion();
    if (version === this.version) return 0;
    this.version = version;
    const rows = this.sqlite
      .prepare('select id, message from live_outbox where id > ? order by id')
      .all(this.lastId) as { id: number; message: string }[];
    for (const row of rows) {
      this.lastId = row.id;
      try {
        this.deliver(JSON.parse(row.message));
      } catch {
        // A row this version cannot read: skipped.
      }
    }
    if (rows.length) this.prune();
    return rows.length;
  }

  private prune(): void {
    const now = Date.now();
    this.marks.push({ at: now, id: this.lastId });
    const old = this.marks.filter((m) => now - m.at >= KEEP_MS);
    if (!old.length || this.pruning) return;
    this.marks = this.marks.filter((m) => now - m.at < KEEP_MS);
    const upTo = old[old.length - 1]!.id;
    this.pruning = true;
    void runUnit(this.db, (uow) => queryRows(Unit.transactionOf(uow), 'delete from live_outbox where id <= ?', [upTo]))
      .catch(() => undefined)
      .finally(() => (this.pruning = false));
  }
}
