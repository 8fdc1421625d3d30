/**
 * The live events' bus (issue #35): how a committed change reaches the streams of every server process.
 *
 * A unit raises a message inside its transaction (raise); it is delivered to the listeners (modules/live's hub) only
 * once the unit has committed, never when it rolled back, and in commit order:
 * - SQLite (one server process): the unit's after-commit list (db/units.ts Unit.afterCommit), which runs after the
 *   unit's own COMMIT or, on the sale's hot path, after its GROUP's COMMIT (db/group-commit.ts). A process without
 *   streams of its own (no listen: the operator command line) writes its messages to live_outbox in the unit
 *   instead, which the server process reads within a quarter of a second (live-outbox.ts).
 * - PostgreSQL (several processes on one database): pg_notify issued INSIDE the unit's transaction. PostgreSQL
 *   delivers a notification only when its transaction commits, in commit order, to every session that LISTENs on
 *   the channel: each process keeps one dedicated connection for that (listen), reconnecting when it drops. Its own
 *   process hears it the same way, so every process sees the same events in the same order.
 *
 * A `trip` message also bumps trips.live_version in the same statement (migration 0019): one counter per trip,
 * the same across processes, +1 per committed change (a rolled-back unit's bump goes with it).
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Database } from './database';
import { engineOf } from './engine';
import { SqliteOutboxReader, writeOutbox } from './live-outbox';
import { queryRows } from './precompiled';
import { Unit } from './unit';

/** A seat's new state on a stop segment (the contract's LiveSeatChange). */
export interface LiveSeat {
  seat: string;
  state: 'FREE' | 'LOCKED' | 'SOLD' | 'BOOKED' | 'ADMIN_BOOKED' | 'LINKED';
  fromOrder: number;
  toOrder: number;
}

/** What travels between processes. Never passenger data: seats, ids and states only. */
export type LiveMessage =
  | {
      type: 'trip';
      tripId: number;
      version: number;
      seats: LiveSeat[];
      refetch?: true;
      /** The earliest expiry (ISO) of a lock or booking this change made: the hub's lapse watch (never on the wire). */
      lapsesAt?: string;
      /**
       * PostgreSQL: when the committing process raised it (ms since the epoch, performance.timeOrigin + now), just
       * before its commit; bench:live measures commit to event across processes from it (never on the wire).
       */
      raisedAt?: number;
    }
  | {
      type: 'balance';
      accountId: number;
      /**
       * The balance the committed posting left (minor units): the hub sends it without summing the ledger. Absent
       * from a message of a process that predates it (several processes upgraded one by one): the hub reads it.
       */
      balanceMinor?: number;
    };

/** A trip change before its version is known (raise gives it one). */
export type RaisedMessage =
  Omit<Extract<LiveMessage, { type: 'trip' }>, 'version'> | Extract<LiveMessage, { type: 'balance' }>;

export const LIVE_CHANNEL = 'agent_portal_live';
/** PostgreSQL refuses a notification payload of 8000 bytes or more: past this, the seats are left out (refetch). */
const MAX_PAYLOAD = 7000;

const BUMP_SQLITE = 'update trips set live_version = live_version + 1 where id = ? returning live_version';
/**
 * PostgreSQL: deferred writes of the unit (Unit.later), so they leave with its other writes in one statement
 * (db/deferred-writes.ts). The bump's RETURNING sends the notification with the new version: a data-modifying CTE
 * runs to its end, RETURNING included, even when nothing reads it.
 */
const BUMP_AND_NOTIFY_PG = `update trips set live_version = live_version + 1 where id = ? returning pg_notify(?, jsonb_set(?::jsonb, '{version}', to_jsonb(live_version))::text)`;
const NOTIFY_PG = 'select pg_notify(?, ?)';
/** The trips whose bump waits among a unit's deferred writes: a second bump of one must not join the same statement. */
const bumpsWaiting = new WeakMap<Unit, Set<number>>();

export class LiveBus {
  private readonly emitter = new EventEmitter();
  /** Off (LIVE_EVENTS=off): raise does nothing, not even the version's bump, so the hot path pays nothing. */
  enabled = true;
  private listener: PostgresListener | null = null;
  /** SQLite: the reader of other processes' messages (live-outbox.ts), while this process has streams. */
  private outbox: SqliteOutboxReader | null = null;
  private users = 0;

  constructor(private readonly db: Database) {
    this.emitter.setMaxListeners(0);
  }

  /** Inside `uow`: raises `message`, delivered to every process's listeners once the unit commits. */
  async raise(uow: Unit, message: RaisedMessage): Promise<void> {
    if (!this.enabled) return;
    const trx = Unit.transactionOf(uow);
    if (engineOf(trx) === 'postgres') {
      if (message.type === 'trip') {
        const full = {
          ...message,
          version: 0,
          raisedAt: Math.round((performance.timeOrigin + performance.now()) * 1000) / 1000,
        };
        const payload = JSON.stringify(full);
        const sent = payload.length <= MAX_PAYLOAD ? payload : JSON.stringify({ ...full, seats: [], refetch: true });
        // Two updates of one row in one statement would keep only one: the first bump is stored before the second.
        let waiting = bumpsWaiting.get(uow);
        if (waiting === undefined) bumpsWaiting.set(uow, (waiting = new Set()));
        if (waiting.has(message.tripId)) {
          await uow.flush();
          waiting.clear();
        }
        waiting.add(message.tripId);
        await uow.later(BUMP_AND_NOTIFY_PG, [message.tripId, LIVE_CHANNEL, sent]);
      } else {
        await uow.later(NOTIFY_PG, [LIVE_CHANNEL, JSON.stringify(message)]);
      }
      return;
    }
    let delivered: LiveMessage;
    if (message.type === 'trip') {
      const [row] = await queryRows<{ live_version: number }>(trx, BUMP_SQLITE, [message.tripId]);
      if (!row) return;
      delivered = { ...message, version: row.live_version };
    } else {
      delivered = message;
    }
    // No streams in this process (the operator command line): the server process reads it from the outbox.
    if (this.users === 0) await writeOutbox(uow, delivered);
    else uow.afterCommit(() => this.deliver(delivered));
  }

  /** Hears every committed message (of every process on PostgreSQL); answers the function that stops it. */
  on(listener: (message: LiveMessage) => void): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }

  /** Hears that the PostgreSQL listening connection was lost and came back: messages may have been missed. */
  onGap(listener: () => void): () => void {
    this.emitter.on('gap', listener);
    return () => this.emitter.off('gap', listener);
  }

  /**
   * PostgreSQL: opens this process's listening connection to `url` (resolves once it listens); SQLite: nothing. Each
   * listen is matched by a close (two apps over one database object share the one connection).
   */
  async listen(url: string | null): Promise<void> {
    this.users++;
    if (engineOf(this.db) === 'sqlite') {
      // Another process's commits on the same file (live-outbox.ts).
      if (!this.outbox && SqliteOutboxReader.usable(this.db)) {
        this.outbox = new SqliteOutboxReader(this.db, (m) => this.deliver(m as LiveMessage));
        this.outbox.start();
      }
      return;
    }
    if (url === null || this.listener) return;
    this.listener = new PostgresListener(
      url,
      (payload) => {
        try {
          this.deliver(JSON.parse(payload) as LiveMessage);
        } catch {
          // Not ours (another program notifying on the channel): ignored.
        }
      },
      () => this.emitter.emit('gap'),
    );
    await this.listener.start();
  }

  async close(): Promise<void> {
    if (--this.users > 0) return;
    this.users = 0;
    this.outbox?.stop();
    this.outbox = null;
    await this.listener?.stop();
    this.listener = null;
  }

  private deliver(message: LiveMessage): void {
    this.emitter.emit('message', message);
  }
}

/**
 * One dedicated connection that LISTENs (a pooled one cannot: the pool hands it to units). When it ends (a database
 * restart, a failover, a cut cable found by keep-alive) it reconnects after a short pause, and says so (onGap): the
 * notifications sent meanwhile are lost, so the streams are ended and the portals refetch on reconnect.
 */
class PostgresListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onGap: () => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client.on('notification', (n) => {
      if (n.channel === LIVE_CHANNEL && n.payload !== undefined) this.onPayload(n.payload);
    });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (this.client !== client || this.stopped) return;
      this.client = null;
      this.onGap();
      this.schedule();
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
    } catch (error) {
      this.client = null;
      await client.end().catch(() => undefined);
      if (this.stopped) return;
      this.schedule();
      throw error;
    }
  }

  private schedule(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch(() => undefined);
    }, 500);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

const buses = new WeakMap<Database, LiveBus>();

/** The one LiveBus of a database (every service of a process raises on the same one, as groupCommitOf's runner). */
export function liveBusOf(db: Database): LiveBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = new LiveBus(db);
    buses.set(db, bus);
  }
  return bus;
}
