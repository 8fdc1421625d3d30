/**
 * The live streams of this process and their fan-out (issue #35). One stream per portal window: it follows the
 * trips its window has open (setTrips) and hears its own account's balance, the maintenance switch and the end of its
 * session. Bounded: a stream count per session and per process (429 with a reason); the writer (fanout.ts) drops a
 * stream whose socket holds more unsent bytes than slowConsumerBytes, never buffering: its portal reconnects and
 * refetches. The hub decides who is told what; the writer writes it (in a process of its own by default:
 * fanout-process.ts, LIVE_FANOUT).
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Account, MaintenanceStatus } from '@agent-portal/contract';
import type { LiveBus, LiveMessage } from '../../db/live-bus';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import type { LiveWriter, StreamClosed } from './fanout';

export interface LiveLimits {
  streamsPerSession: number;
  streamsPerProcess: number;
}

/** What the hub reads, given by the module's service (so the hub holds no repository). */
export interface LiveSources {
  /** Sessions among these that have ended, and why. */
  endedSessions(ids: readonly number[]): Promise<Map<number, 'LOGGED_OUT' | 'REVOKED' | 'EXPIRED'>>;
  maintenance(): Promise<MaintenanceStatus>;
  /** The account ids of an agent under its companies: which balance messages are a stream's. */
  accountIds(agentId: number, companyIds: readonly number[]): Promise<Map<number, number>>;
  /** The account, its balance `balanceMinor` when the message carries it (else read). */
  account(agentId: number, companyId: number, balanceMinor?: number): Promise<Account>;
  /** When (ms since the epoch) the trip's next seat lock or booking runs out; null when none (lapses.ts). */
  nextLapse(tripId: number): Promise<number | null>;
  /** Takes away what has lapsed on the trip, raising its events; answers the next lapse (lapses.ts). */
  lapse(tripId: number): Promise<number | null>;
}

export interface LiveStream {
  readonly id: string;
  readonly principal: Principal;
  trips: ReadonlySet<number>;
  /** accountId → companyId of the caller's accounts (filled once the stream is open). */
  accounts: Map<number, number>;
  /** The maintenance switch as this stream was last told it (JSON), to send it each turn once. */
  maintenance: string;
  closed: boolean;
}

/** One server-sent event, as written on the wire (encoded once, however many streams it goes to). */
export const sseEvent = (name: string, data: unknown): Buffer =>
  Buffer.from(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
/** How often the hub checks the open streams' sessions and the maintenance switch (every process, every engine). */
export const LIVE_SWEEP_MS = 2000;
/**
 * The sweep reads the open streams' sessions this many at a time, giving the event loop a turn between reads: in one
 * read, 1,000 sessions held the server's thread 6-10 ms every sweep, and every sale waiting behind it (bench:live).
 */
export const SESSIONS_PER_SWEEP_READ = 200;

export class LiveHub {
  private readonly streams = new Map<string, LiveStream>();
  private readonly bySession = new Map<number, Set<LiveStream>>();
  private readonly byTrip = new Map<number, Set<LiveStream>>();
  /** The streams each account's balance goes to: a sale's balance event is for a few streams, not a walk of all. */
  private readonly byAccount = new Map<number, Set<LiveStream>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stopListening: (() => void)[] = [];
  private sweeping = false;
  /** When each followed trip's next lock or booking runs out (ms since the epoch); one timer for the soonest. */
  private readonly lapses = new Map<number, number>();
  private lapseTimer: NodeJS.Timeout | null = null;
  private readonly lapsing = new Set<number>();
  private stopped = false;
  /** Each account's balance events in order: a later balance never overtaken by an earlier one's account read. */
  private readonly balanceTurns = new Map<number, Promise<void>>();
  /** Streams dropped for being slow, since start (tests and the bench read it). */
  droppedSlow = 0;
  /** Writes the streams' bytes; tells the hub when a stream ends by itself (its client gone, or too slow). */
  readonly writer: LiveWriter;

  constructor(
    private readonly bus: LiveBus,
    private readonly sources: LiveSources,
    private readonly limits: LiveLimits,
    private readonly clock: Clock,
    /** The writer of the streams' bytes (fanout.ts, fanout-process.ts), told by it when a stream ends by itself. */
    writerFor: (closed: StreamClosed) => LiveWriter,
  ) {
    this.writer = writerFor((id, slow) => {
      const stream = this.streams.get(id);
      if (!stream) return;
      this.forget(stream);
      if (slow) this.droppedSlow++;
    });
  }

  start(): void {
    this.stopListening.push(this.bus.on((m) => this.onMessage(m)));
    // Messages may have been missed while the listening connection was down: every stream ends, and its portal
    // reconnects and refetches what it shows.
    this.stopListening.push(this.bus.onGap(() => this.closeAll()));
    const sweep = setInterval(() => void this.sweep(), LIVE_SWEEP_MS);
    sweep.unref();
    this.timers.push(sweep);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    if (this.lapseTimer) clearTimeout(this.lapseTimer);
    this.lapses.clear();
    for (const off of this.stopListening) off();
    // The writer ends every stream, what waits in their batches written first.
    for (const stream of [...this.streams.values()]) this.forget(stream);
    this.writer.stop();
  }

  get size(): number {
    return this.streams.size;
  }

  /** Refuses a stream past the limits, with its 429 reason (before the answer's headers are sent). */
  admit(principal: Principal): void {
    if (this.streams.size >= this.limits.streamsPerProcess)
      throw new AppError('LIVE_SERVER_STREAM_LIMIT', { limit: this.limits.streamsPerProcess });
    if ((this.bySession.get(principal.sessionId)?.size ?? 0) >= this.limits.streamsPerSession)
      throw new AppError('LIVE_SESSION_STREAM_LIMIT', { limit: this.limits.streamsPerSession });
  }

  /**
   * Opens a stream for `principal` on `out` (admitted, its headers sent): the maintenance switch as it is now is its
   * starting point (a turn after this is sent to it), then `hello`.
   */
  async open(principal: Principal, out: ServerResponse): Promise<LiveStream> {
    const maintenance = JSON.stringify(await this.sources.maintenance().catch(() => null));
    const mine = this.bySession.get(principal.sessionId);
    const stream: LiveStream = {
      id: randomUUID(),
      principal,
      trips: new Set(),
      accounts: new Map(),
      maintenance,
      closed: false,
    };
    this.streams.set(stream.id, stream);
    if (mine) mine.add(stream);
    else this.bySession.set(principal.sessionId, new Set([stream]));
    const hello = sseEvent('hello', { streamId: stream.id, serverTime: this.clock.now().toISOString() });
    this.writer.open(stream.id, out, hello);
    void this.sources
      .accountIds(principal.agentId, principal.companyIds)
      .then((accounts) => {
        if (stream.closed) return;
        stream.accounts = accounts;
        for (const accountId of accounts.keys()) {
          let set = this.byAccount.get(accountId);
          if (!set) this.byAccount.set(accountId, (set = new Set()));
          set.add(stream);
        }
      })
      .catch(() => undefined);
    return stream;
  }

  /** The stream `streamId` of this session (another session's is not found either: nothing to learn from it). */
  streamOf(principal: Principal, streamId: string): LiveStream {
    const stream = this.streams.get(streamId);
    if (!stream || stream.principal.sessionId !== principal.sessionId)
      throw new AppError('LIVE_STREAM_NOT_FOUND', { streamId });
    return stream;
  }

  /** Resolves once the trips newly followed here have their next lapse known (read from the database). */
  async setTrips(stream: LiveStream, tripIds: readonly number[]): Promise<void> {
    for (const id of stream.trips) this.unfollow(stream, id);
    stream.trips = new Set(tripIds);
    const reads: Promise<void>[] = [];
    for (const id of stream.trips) {
      let set = this.byTrip.get(id);
      if (!set) {
        this.byTrip.set(id, (set = new Set()));
        // A trip newly followed here: when its next lock or booking runs out, as the database has it now.
        reads.push(
          this.sources
            .nextLapse(id)
            .then((at) => this.scheduleLapse(id, at))
            .catch(() => undefined),
        );
      }
      set.add(stream);
    }
    await Promise.all(reads);
  }

  private unfollow(stream: LiveStream, tripId: number): void {
    const set = this.byTrip.get(tripId);
    set?.delete(stream);
    if (set?.size === 0) {
      this.byTrip.delete(tripId);
      this.lapses.delete(tripId);
    }
  }

  /**
   * Lapses (lapses.ts): the trip's next lock or booking runs out at `at`. Kept for followed trips only, the soonest
   * on one timer; the timer's delay is counted on the hub's clock, and the sweep checks again (a clock moved by
   * hand, a timer late), so a lapse shows within the moment it happens or one sweep after at worst.
   */
  private scheduleLapse(tripId: number, at: number | null): void {
    if (at === null || !this.byTrip.has(tripId)) return;
    const known = this.lapses.get(tripId);
    if (known !== undefined && known <= at) return;
    this.lapses.set(tripId, at);
    this.armLapseTimer();
  }

  private armLapseTimer(): void {
    if (this.lapseTimer) clearTimeout(this.lapseTimer);
    this.lapseTimer = null;
    if (this.lapses.size === 0 || this.stopped) return;
    const soonest = Math.min(...this.lapses.values());
    // At most an hour ahead (a timer's delay has a ceiling); a timer that wakes early finds nothing due and re-arms.
    const delay = Math.min(Math.max(0, soonest - this.clock.now().getTime()), 3_600_000);
    this.lapseTimer = setTimeout(() => void this.checkLapses(), delay);
    this.lapseTimer.unref();
  }

  /** Takes away what has lapsed by the hub's clock on every followed trip whose lapse is due; resolves once done. */
  async checkLapses(): Promise<void> {
    const now = this.clock.now().getTime();
    const due = [...this.lapses].filter(([id, at]) => at <= now && !this.lapsing.has(id)).map(([id]) => id);
    for (const id of due) this.lapses.delete(id);
    await Promise.all(
      due.map(async (tripId) => {
        this.lapsing.add(tripId);
        try {
          const next = await this.sources.lapse(tripId);
          // Still due after its lapse (written at this very moment): looked at again in a second, not in a loop.
          this.scheduleLapse(tripId, next !== null && next <= now ? now + 1000 : next);
        } catch {
          // The database unreachable for a moment: tried again in a second.
          this.scheduleLapse(tripId, now + 1000);
        } finally {
          this.lapsing.delete(tripId);
        }
      }),
    );
    this.armLapseTimer();
  }

  private onMessage(message: LiveMessage): void {
    if (message.type === 'trip') {
      const listeners = this.byTrip.get(message.tripId);
      if (!listeners?.size) return;
      if (message.lapsesAt) this.scheduleLapse(message.tripId, Date.parse(message.lapsesAt));
      // Encoded once for every stream; only seats, states and ids: no passenger data is ever in a message.
      const { tripId, version, seats, refetch } = message;
      const chunk = sseEvent('trip', refetch ? { tripId, version, seats, refetch } : { tripId, version, seats });
      this.writer.send(idsOf(listeners), chunk);
    } else if (message.type === 'balance' && this.byAccount.has(message.accountId)) {
      const { accountId, balanceMinor } = message;
      const turn = (this.balanceTurns.get(accountId) ?? Promise.resolve())
        .then(() => this.balance(accountId, balanceMinor))
        .catch(() => undefined);
      this.balanceTurns.set(accountId, turn);
      void turn.then(() => {
        if (this.balanceTurns.get(accountId) === turn) this.balanceTurns.delete(accountId);
      });
    }
  }

  private async balance(accountId: number, balanceMinor: number | undefined): Promise<void> {
    const reads = new Map<string, Promise<Account | null>>();
    for (const stream of [...(this.byAccount.get(accountId) ?? [])]) {
      const companyId = stream.accounts.get(accountId);
      if (companyId === undefined) continue;
      const key = `${stream.principal.agentId}:${companyId}`;
      let read = reads.get(key);
      if (!read) {
        read = this.sources.account(stream.principal.agentId, companyId, balanceMinor).catch(() => null);
        reads.set(key, read);
      }
      const account = await read;
      if (account && !stream.closed) this.writer.send([stream.id], sseEvent('balance', account));
    }
  }

  /** Ends streams whose session ended (revoked, logged out, expired: in any process) and tells the switch's turns. */
  async sweep(): Promise<void> {
    void this.checkLapses();
    if (this.sweeping || this.streams.size === 0) return;
    this.sweeping = true;
    try {
      const sessions = [...this.bySession.keys()];
      for (let i = 0; i < sessions.length; i += SESSIONS_PER_SWEEP_READ) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        const ended = await this.sources.endedSessions(sessions.slice(i, i + SESSIONS_PER_SWEEP_READ));
        for (const [sessionId, reason] of ended) {
          for (const stream of [...(this.bySession.get(sessionId) ?? [])]) {
            this.writer.send([stream.id], sseEvent('session-ended', { reason }));
            this.close(stream);
          }
        }
      }
      const status = await this.sources.maintenance();
      const key = JSON.stringify(status);
      const told: LiveStream[] = [];
      for (const stream of this.streams.values()) {
        if (stream.maintenance === key) continue;
        stream.maintenance = key;
        told.push(stream);
      }
      if (told.length > 0) this.writer.send(idsOf(told), sseEvent('maintenance', status));
    } catch {
      // The database unreachable for a moment: the next sweep tries again.
    } finally {
      this.sweeping = false;
    }
  }

  /** Ends `stream` once what waits in its batch is written (a session's end says why before the stream ends). */
  close(stream: LiveStream): void {
    if (stream.closed) return;
    this.forget(stream);
    this.writer.end(stream.id);
  }

  private closeAll(): void {
    for (const stream of [...this.streams.values()]) this.close(stream);
  }

  private forget(stream: LiveStream): void {
    stream.closed = true;
    this.streams.delete(stream.id);
    const mine = this.bySession.get(stream.principal.sessionId);
    mine?.delete(stream);
    if (mine?.size === 0) this.bySession.delete(stream.principal.sessionId);
    for (const id of stream.trips) this.unfollow(stream, id);
    for (const accountId of stream.accounts.keys()) {
      const set = this.byAccount.get(accountId);
      set?.delete(stream);
      if (set?.size === 0) this.byAccount.delete(accountId);
    }
  }
}

const idsOf = (streams: Iterable<LiveStream>): string[] => Array.from(streams, (stream) => stream.id);
