/**
 * The live streams written from a process of their own (LIVE_FANOUT=process, the default). Each stream's socket is
 * handed to the fan-out process (fanout-main.ts) once its headers and first event are written here; what the hub sends
 * in a batch's time (LIVE_BATCH_MS) goes to that process as ONE message, and it writes each stream's share. The writes
 * (a system call per stream, which on one machine also does the reader's share of TCP) and their collections then
 * cost the sales' thread nothing, and the fan-out process runs at a lower priority than the server's: on a busy
 * machine the counters' sales go first and the events a few ms later. Measured by bench:live (server/bench/README.md).
 *
 * The process is started with the first stream. If it dies, its streams end (their portals reconnect and refetch)
 * and the next stream starts another.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { getPriority, setPriority } from 'node:os';
import { scheduleFlush, type FanoutLimits, type LiveWriter, type StreamClosed } from './fanout';
import type { FanoutStep, FromFanout, ToFanout } from './fanout-protocol';

/** How much lower than the server's the fan-out process's priority is (added to its nice value, at most 19). */
export const FANOUT_NICENESS = 10;
/**
 * The most the fan-out process may leave unread of what it was sent, for longer than FANOUT_STALL_MS. Past both, it
 * cannot keep up (starved of CPU, stuck): it is stopped, as a slow stream is dropped, rather than the server holding
 * its backlog. Its streams end and their portals reconnect and refetch. The time too: one batch can pass the bound
 * by itself (a burst of big events) and be read a moment later.
 */
export const FANOUT_BACKLOG_BYTES = 16 * 1024 * 1024;
export const FANOUT_STALL_MS = 2000;

/** A stream whose headers and first event are still being written here: what it is sent meanwhile, in order. */
interface Opening {
  out: ServerResponse;
  waiting: FanoutStep[];
}

/** A fan-out process and the streams it holds. */
interface FanoutProcess {
  readonly child: ChildProcess;
  readonly streams: Set<string>;
  /**
   * Sockets sent to it whose taking it has not yet confirmed. This process keeps its own descriptor of each until
   * then: a process that dies first never has the socket, and its client is ended here rather than left hanging (a
   * socket in flight when its receiver died is held by Node's channel, not closed).
   */
  readonly unconfirmed: Map<string, Socket>;
  /** The answers awaited to its write counts, in order. */
  readonly counts: ((writes: number) => void)[];
  /** What has been sent to it and not yet taken (its events' bytes). */
  backlog: number;
  /** Since when (performance.now()) its backlog has been past FANOUT_BACKLOG_BYTES; null while it is not. */
  pastBoundSince: number | null;
  /** Whether it has taken a socket: until then (its start) what is sent waits in the channel by design. */
  running: boolean;
}

export class ProcessWriter implements LiveWriter {
  /** The process new streams go to (null until the first stream, and once it has gone). */
  private current: FanoutProcess | null = null;
  private readonly holder = new Map<string, FanoutProcess>();
  private readonly opening = new Map<string, Opening>();
  /** What the hub sent since the last batch went, for the streams the fan-out process holds, in order. */
  private steps: FanoutStep[] = [];
  private stepBytes = 0;
  /** Cancels the batch's send that is due (scheduleFlush). */
  private cancelFlush: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly limits: FanoutLimits,
    private readonly closed: StreamClosed,
    private readonly logError: (error: unknown) => void,
  ) {}

  /** The fan-out process's id, once started (tests stop it as a crash would; bench:live reads its CPU). */
  get pid(): number | undefined {
    return this.current?.child.pid;
  }

  open(id: string, out: ServerResponse, first: Buffer): void {
    if (this.stopped) {
      out.end();
      return;
    }
    this.opening.set(id, { out, waiting: [] });
    const gone = () => {
      if (this.opening.delete(id)) this.closed(id, false);
    };
    out.once('close', gone);
    // Handed over only once these bytes have left: what waits in this process's buffer would not follow the socket.
    out.write(first, (error) => {
      out.off('close', gone);
      const opening = this.opening.get(id);
      if (!opening) return;
      this.opening.delete(id);
      const fanout = error || !out.socket || out.socket.destroyed ? null : this.process();
      if (!fanout) {
        out.destroy();
        this.closed(id, false);
        return;
      }
      this.handOver(fanout, id, out.socket!);
      // Sent after the socket on the same channel: the process holds the stream when they come.
      for (const step of opening.waiting) this.queue(step);
    });
  }

  private handOver(fanout: FanoutProcess, id: string, socket: Socket): void {
    fanout.streams.add(id);
    fanout.unconfirmed.set(id, socket);
    this.holder.set(id, fanout);
    // Not the listening server's once handed over. Left its own, Node would count the fan-out process among the
    // server's "workers", and a server whose workers have all exited (a crash, a slow one stopped) never closes.
    Reflect.set(socket, 'server', null);
    // Nothing more is read here (the client sends nothing after its GET): what comes is the fan-out process's.
    socket.pause();
    fanout.child.send({ t: 'open', id } satisfies ToFanout, socket, { keepOpen: true }, (sendError) => {
      if (sendError) this.logError(sendError);
    });
  }

  send(ids: readonly string[], chunk: Buffer): void {
    // Mostly no stream is on its way: the hub's list goes as it is (the process passes over an id it does not hold).
    if (this.opening.size === 0) {
      this.queue({ to: ids, chunk });
      return;
    }
    const held: string[] = [];
    for (const id of ids) {
      const opening = this.opening.get(id);
      if (opening) opening.waiting.push({ to: [id], chunk });
      else held.push(id);
    }
    if (held.length > 0) this.queue({ to: held, chunk });
  }

  end(id: string): void {
    if (this.holder.has(id)) {
      this.queue({ end: id });
      // A stream's end is not held for the batch: its session has ended, or the server stops.
      this.flush();
    } else this.opening.get(id)?.waiting.push({ end: id });
  }

  async writesSoFar(): Promise<number> {
    const fanout = this.current;
    if (!fanout?.child.connected) return 0;
    this.flush();
    return new Promise((resolve) => {
      fanout.counts.push(resolve);
      fanout.child.send({ t: 'count' } satisfies ToFanout);
    });
  }

  stop(): void {
    this.stopped = true;
    for (const { out } of this.opening.values()) out.end();
    this.opening.clear();
    this.flush();
    const fanout = this.current;
    if (!fanout) return;
    // It ends its streams and exits; this process stays alive to hear it go (its channel no longer unref'd), so that
    // a server's close lets it finish.
    fanout.child.ref();
    fanout.child.channel?.ref();
    if (fanout.child.connected) fanout.child.send({ t: 'stop' } satisfies ToFanout);
  }

  /** Adds `step` to the batch, sent `batchMs` after its first step (or at the end of the turn with 0). */
  private queue(step: FanoutStep): void {
    this.steps.push(step);
    if ('chunk' in step) this.stepBytes += step.chunk.byteLength;
    this.cancelFlush ??= scheduleFlush(this.limits.batchMs, () => this.flush());
  }

  /** Sends the batch: every step is for a stream of the current process (one dead meanwhile drops its own). */
  private flush(): void {
    this.cancelFlush?.();
    this.cancelFlush = null;
    if (this.steps.length === 0) return;
    const steps = this.steps;
    const bytes = this.stepBytes;
    this.steps = [];
    this.stepBytes = 0;
    const fanout = this.current;
    if (!fanout?.child.connected) return;
    fanout.backlog += bytes;
    // Called once the message has been written to the channel, that is taken by the process.
    fanout.child.send({ t: 'batch', steps } satisfies ToFanout, (error) => {
      fanout.backlog -= bytes;
      if (fanout.backlog <= FANOUT_BACKLOG_BYTES) fanout.pastBoundSince = null;
      if (error) this.logError(error);
    });
    if (!fanout.running || fanout.backlog <= FANOUT_BACKLOG_BYTES) return;
    const now = performance.now();
    fanout.pastBoundSince ??= now;
    if (now - fanout.pastBoundSince > FANOUT_STALL_MS) {
      this.logError(new Error(`the fan-out process left ${fanout.backlog} bytes unread: stopped, its streams end`));
      fanout.child.kill('SIGKILL');
    }
  }

  private process(): FanoutProcess | null {
    if (this.current?.child.connected) return this.current;
    let child: ChildProcess;
    try {
      // Without the server's own flags (a test runner's, an inspector's port): fanout-child.mjs loads what it needs.
      // Advanced serialization: an event's bytes go as bytes, not as JSON's array of numbers.
      child = fork(new URL('./fanout-child.mjs', import.meta.url), [], {
        execArgv: [],
        stdio: 'inherit',
        serialization: 'advanced',
      });
    } catch (error) {
      this.logError(error);
      return null;
    }
    const fanout: FanoutProcess = {
      child,
      streams: new Set(),
      unconfirmed: new Map(),
      counts: [],
      backlog: 0,
      pastBoundSince: null,
      running: false,
    };
    this.current = fanout;
    try {
      setPriority(child.pid!, Math.min(19, getPriority() + FANOUT_NICENESS));
    } catch {
      // Not allowed here: it runs at the server's priority.
    }
    child.on('message', (message: FromFanout) => {
      if (message.t === 'taken') {
        fanout.running = true;
        // Its own descriptor now holds the connection: this one only closes here (no shutdown, nothing sent).
        fanout.unconfirmed.get(message.id)?.destroy();
        fanout.unconfirmed.delete(message.id);
      } else if (message.t === 'closed') {
        if (fanout.streams.delete(message.id)) {
          this.holder.delete(message.id);
          this.closed(message.id, message.slow);
        }
      } else {
        fanout.counts.shift()?.(message.writes);
      }
    });
    child.on('error', (error) => this.logError(error));
    // No new stream goes to a process whose channel has closed.
    child.on('disconnect', () => {
      if (this.current === fanout) this.current = null;
    });
    // On its exit, not its channel's close: Node does not say a channel closed while a socket was in flight on it.
    child.on('exit', () => {
      if (this.current === fanout) this.current = null;
      for (const socket of fanout.unconfirmed.values()) socket.destroy();
      fanout.unconfirmed.clear();
      for (const resolve of fanout.counts.splice(0)) resolve(0);
      // Its sockets closed with it: their portals reconnect (to this process's next fan-out process) and refetch.
      for (const id of fanout.streams) {
        this.holder.delete(id);
        this.closed(id, false);
      }
      fanout.streams.clear();
    });
    // Neither the process nor its channel keeps the server's process alive.
    child.unref();
    child.channel?.unref();
    child.send({ t: 'limits', limits: this.limits } satisfies ToFanout);
    return fanout;
  }
}
