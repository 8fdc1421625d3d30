/**
 * The writing side of the live streams (issue #35): each stream's events batched into one socket write, heartbeats,
 * and the drop of a slow consumer. The hub (hub.ts) decides who is told what and hands the bytes to a LiveWriter, each
 * stream known by its id: this Fanout in the server's own process (LIVE_FANOUT=inline), or the fan-out process
 * (fanout-process.ts, the default), which runs a Fanout of its own on the sockets handed to it.
 */
import type { ServerResponse } from 'node:http';
/** What a stream's bytes go to: its answer (a ServerResponse, its headers sent). */
export interface StreamOut {
  readonly destroyed: boolean;
  readonly writableLength: number;
  write(chunk: Buffer): unknown;
  end(): unknown;
  destroy(): unknown;
  once(event: 'close', listener: () => void): unknown;
}

export interface FanoutLimits {
  heartbeatSeconds: number;
  slowConsumerBytes: number;
  batchMs: number;
}

/** Told when a stream has ended by itself: its client went, or it was dropped for being slow (`slow`). */
export type StreamClosed = (id: string, slow: boolean) => void;

/** What the hub hands the streams' bytes to. */
export interface LiveWriter {
  /** Takes the stream `id` whose answer `out` has its headers set: `first` is its first event. */
  open(id: string, out: ServerResponse, first: Buffer): void;
  /** `chunk` to each of `ids` (encoded once, however many streams it goes to). */
  send(ids: readonly string[], chunk: Buffer): void;
  /** Ends the stream once its waiting events are written. */
  end(id: string): void;
  /** Ends every stream (their waiting events written first) and lets go of what the writer holds. */
  stop(): void;
  /** The socket writes made since start (bench:live: the writes, not the events, are the cost). */
  writesSoFar(): Promise<number>;
}

/**
 * Runs `flush` `batchMs` from now, or at the end of this turn of the event loop with 0 (after the turn's answers);
 * answers how to cancel it. An immediate and a timeout are cancelled differently: clearImmediate given a timeout
 * miscounts Node's pending immediates (a test's server hung).
 */
export function scheduleFlush(batchMs: number, flush: () => void): () => void {
  if (batchMs > 0) {
    const timeout = setTimeout(flush, batchMs);
    return () => clearTimeout(timeout);
  }
  const immediate = setImmediate(flush);
  return () => clearImmediate(immediate);
}

const HEARTBEAT = Buffer.from(': hb\n\n');
/** How often the streams due a heartbeat are looked for. */
const HEARTBEAT_TICK_MS = 1000;

interface Sink {
  readonly id: string;
  readonly out: StreamOut;
  /** When (performance.now()) a byte was last written to it, and how long it may stay silent before a heartbeat. */
  lastWriteMs: number;
  readonly heartbeatMs: number;
}

export class Fanout implements LiveWriter {
  /** Socket writes made, since start. */
  writes = 0;
  private readonly sinks = new Map<string, Sink>();
  /**
   * What each stream is to be sent, written together `batchMs` after the first (flush), or at the end of the turn
   * with 0: a group's sales are answered before their events go out, and a stream gets every event of that time in
   * one socket write. The writes, not the events, are the fan-out's cost (a system call each, which wakes the
   * reader): at most 1000 / batchMs per stream a second however busy its trips, and a counter's lock and sale a few
   * ms apart reach the other counters in one (bench:live, 2,000 streams, 45 to a trip: the server's sale p99 x1.5-2.0
   * with each turn's events written at its end, x1.3-1.4 at 25 ms; server/bench/README.md). The events wait that
   * long: far inside the second.
   */
  private readonly pending = new Map<Sink, Buffer[]>();
  /** Cancels the flush that is due (scheduleFlush). */
  private cancelFlush: (() => void) | null = null;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly limits: FanoutLimits,
    private readonly closed: StreamClosed,
  ) {
    this.heartbeat = setInterval(() => this.beat(), Math.min(HEARTBEAT_TICK_MS, limits.heartbeatSeconds * 500));
    this.heartbeat.unref();
  }

  /**
   * Takes the stream `id` whose answer `out` has its headers set: `first` is its first event (none in the fan-out
   * process, whose streams come with theirs written).
   */
  open(id: string, out: StreamOut, first?: Buffer): void {
    // Its client may have gone while the hub read what the stream starts with: no close is to come.
    if (out.destroyed) {
      this.closed(id, false);
      return;
    }
    const sink: Sink = {
      id,
      out,
      lastWriteMs: performance.now(),
      // Between half the heartbeat and all of it, drawn once: streams opened together (every portal after a
      // restart, bench:live's 2,000) do not all fall due in one tick. Never longer: the portal's watchdog allows two.
      heartbeatMs: this.limits.heartbeatSeconds * 1000 * (0.5 + Math.random() * 0.5),
    };
    this.sinks.set(id, sink);
    out.once('close', () => {
      if (this.forget(sink)) this.closed(id, false);
    });
    if (first) this.queue(sink, first);
  }

  writesSoFar(): Promise<number> {
    return Promise.resolve(this.writes);
  }

  /** `chunk` to each of `ids` (encoded once, however many streams it goes to). */
  send(ids: readonly string[], chunk: Buffer): void {
    for (const id of ids) {
      const sink = this.sinks.get(id);
      if (sink) this.queue(sink, chunk);
    }
  }

  /** Ends the stream once its waiting events are written. */
  end(id: string): void {
    const sink = this.sinks.get(id);
    if (!sink) return;
    const queued = this.pending.get(sink);
    if (queued && !this.writeNow(sink, queued)) return;
    this.forget(sink);
    sink.out.end();
  }

  /** Ends every stream (their waiting events written first). */
  stop(): void {
    clearInterval(this.heartbeat);
    this.cancelFlush?.();
    this.cancelFlush = null;
    for (const id of [...this.sinks.keys()]) this.end(id);
  }

  /**
   * A heartbeat to each stream silent for its heartbeat's time, not to every stream at once: 2,000 writes in one turn
   * held the server's thread for tens of milliseconds; a stream that carried an event meanwhile needs none.
   */
  private beat(): void {
    const now = performance.now();
    for (const sink of this.sinks.values())
      if (now - sink.lastWriteMs >= sink.heartbeatMs && !this.pending.has(sink)) this.queue(sink, HEARTBEAT);
  }

  /** Adds `chunk` to the rest of the stream's batch (flush). */
  private queue(sink: Sink, chunk: Buffer): void {
    const queued = this.pending.get(sink);
    if (queued) queued.push(chunk);
    else this.pending.set(sink, [chunk]);
    this.cancelFlush ??= scheduleFlush(this.limits.batchMs, () => this.flush());
  }

  private flush(): void {
    this.cancelFlush = null;
    for (const [sink, chunks] of this.pending) this.writeNow(sink, chunks);
    this.pending.clear();
  }

  /**
   * Writes `chunks` in one write, or drops the stream when its socket already holds more than the bound unsent.
   * Answers whether the stream is still open.
   */
  private writeNow(sink: Sink, chunks: Buffer[]): boolean {
    this.pending.delete(sink);
    if (sink.out.writableLength > this.limits.slowConsumerBytes) {
      // Destroyed, not ended: an end would wait behind the very bytes the client does not read.
      if (this.forget(sink)) this.closed(sink.id, true);
      sink.out.destroy();
      return false;
    }
    sink.lastWriteMs = performance.now();
    this.writes++;
    sink.out.write(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    return true;
  }

  /** Answers whether the stream was still known (so each end is told once). */
  private forget(sink: Sink): boolean {
    if (this.sinks.get(sink.id) !== sink) return false;
    this.sinks.delete(sink.id);
    this.pending.delete(sink);
    return true;
  }
}
