/**
 * The live streams written from a process of their own (LIVE_FANOUT=process, the default). Each stream's socket is
 * handed to the fan-out process (fanout-main.ts) once its headers and first event are written here, and an event is
 * ONE message to that process, which writes it to each of the event's streams. The writes (a system call per stream,
 * which on the same machine also does the reader's share of TCP) then cost the sales' thread nothing, and the
 * fan-out process runs at a lower priority than the server's: on a busy machine the counters' sales go first and the
 * events a few ms later. Measured by bench:live (server/bench/README.md).
 *
 * The process is started with the first stream. If it dies, its streams end (their portals reconnect and refetch)
 * and the next stream starts another.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { getPriority, setPriority } from 'node:os';
import type { FanoutLimits, LiveWriter, StreamClosed } from './fanout';
import type { FromFanout, ToFanout } from './fanout-protocol';

/** How much lower than the server's the fan-out process's priority is (added to its nice value, at most 19). */
export const FANOUT_NICENESS = 10;
/**
 * The most the fan-out process may leave unread of what it was sent. Past it, it cannot keep up (starved of CPU,
 * stuck): it is stopped, as a slow stream is dropped, rather than the server holding its backlog. Its streams end and
 * their portals reconnect and refetch.
 */
export const FANOUT_BACKLOG_BYTES = 16 * 1024 * 1024;

/** A stream whose headers and first event are still being written here: what it is sent meanwhile, in order. */
interface Opening {
  out: ServerResponse;
  waiting: ToFanout[];
}

/** A fan-out process and the streams it holds. */
interface FanoutProcess {
  readonly child: ChildProcess;
  readonly streams: Set<number>;
  /**
   * Sockets sent to it whose taking it has not yet confirmed. This process keeps its own descriptor of each until
   * then: a process that dies first never has the socket, and its client is ended here rather than left hanging (a
   * socket in flight when its receiver died is held by Node's channel, not closed).
   */
  readonly unconfirmed: Map<number, Socket>;
  /** What has been sent to it and not yet taken (its events' bytes). */
  backlog: number;
  /** Whether it has taken a socket: until then (its start) what is sent waits in the channel by design. */
  running: boolean;
}

export class ProcessWriter implements LiveWriter {
  /** The process new streams go to (null until the first stream, and once it has gone). */
  private current: FanoutProcess | null = null;
  private readonly holder = new Map<number, FanoutProcess>();
  private readonly opening = new Map<number, Opening>();
  private stopped = false;

  constructor(
    private readonly limits: FanoutLimits,
    private readonly closed: StreamClosed,
    private readonly logError: (error: unknown) => void,
  ) {}

  /** The fan-out process's id, once started (tests stop it as a crash would). */
  get pid(): number | undefined {
    return this.current?.child.pid;
  }

  open(key: number, out: ServerResponse, first: Buffer): void {
    if (this.stopped) {
      out.end();
      return;
    }
    this.opening.set(key, { out, waiting: [] });
    const gone = () => {
      if (this.opening.delete(key)) this.closed(key, false);
    };
    out.once('close', gone);
    // Handed over only once these bytes have left: what waits in this process's buffer would not follow the socket.
    out.write(first, (error) => {
      out.off('close', gone);
      const opening = this.opening.get(key);
      if (!opening) return;
      this.opening.delete(key);
      const fanout = error || !out.socket || out.socket.destroyed ? null : this.process();
      if (!fanout) {
        out.destroy();
        this.closed(key, false);
        return;
      }
      this.handOver(fanout, key, out.socket!);
      for (const message of opening.waiting) this.tell(fanout, message);
    });
  }

  private handOver(fanout: FanoutProcess, key: number, socket: Socket): void {
    fanout.streams.add(key);
    fanout.unconfirmed.set(key, socket);
    this.holder.set(key, fanout);
    // Not the listening server's once handed over. Left its own, Node would count the fan-out process among the
    // server's "workers", and a server whose workers have all exited (a crash, a slow one stopped) never closes.
    Reflect.set(socket, 'server', null);
    // Nothing more is read here (the client sends nothing after its GET): what comes is the fan-out process's.
    socket.pause();
    fanout.child.send({ t: 'open', key } satisfies ToFanout, socket, { keepOpen: true }, (sendError) => {
      if (sendError) this.logError(sendError);
    });
  }

  send(keys: readonly number[], chunk: Buffer): void {
    let data: string | null = null;
    const text = () => (data ??= chunk.toString());
    // One message per fan-out process (one but for the moments after one has died and the next has started).
    const byProcess = new Map<FanoutProcess, number[]>();
    for (const key of keys) {
      const fanout = this.holder.get(key);
      if (fanout) {
        const list = byProcess.get(fanout);
        if (list) list.push(key);
        else byProcess.set(fanout, [key]);
      } else this.opening.get(key)?.waiting.push({ t: 'send', keys: [key], data: text() });
    }
    for (const [fanout, list] of byProcess) this.tell(fanout, { t: 'send', keys: list, data: text() });
  }

  end(key: number): void {
    const fanout = this.holder.get(key);
    if (fanout) this.tell(fanout, { t: 'end', key });
    else this.opening.get(key)?.waiting.push({ t: 'end', key });
  }

  stop(): void {
    this.stopped = true;
    for (const { out } of this.opening.values()) out.end();
    this.opening.clear();
    const fanout = this.current;
    if (!fanout) return;
    // It ends its streams and exits; this process stays alive to hear it go (its channel no longer unref'd), so that
    // a server's close lets it finish.
    fanout.child.ref();
    fanout.child.channel?.ref();
    this.tell(fanout, { t: 'stop' });
  }

  private tell(fanout: FanoutProcess, message: ToFanout): void {
    const { child } = fanout;
    if (!child.connected) return;
    if (message.t !== 'send') {
      child.send(message);
      return;
    }
    const bytes = message.data.length;
    fanout.backlog += bytes;
    // Called once the message has been written to the channel, that is taken by the process.
    child.send(message, () => (fanout.backlog -= bytes));
    if (fanout.running && fanout.backlog > FANOUT_BACKLOG_BYTES) {
      this.logError(new Error(`the fan-out process left ${fanout.backlog} bytes unread: stopped, its streams end`));
      child.kill('SIGKILL');
    }
  }

  private process(): FanoutProcess | null {
    if (this.current?.child.connected) return this.current;
    let child: ChildProcess;
    try {
      // Without the server's own flags (a test runner's, an inspector's port): fanout-child.mjs loads what it needs.
      child = fork(new URL('./fanout-child.mjs', import.meta.url), [], { execArgv: [], stdio: 'inherit' });
    } catch (error) {
      this.logError(error);
      return null;
    }
    const fanout: FanoutProcess = { child, streams: new Set(), unconfirmed: new Map(), backlog: 0, running: false };
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
        fanout.unconfirmed.get(message.key)?.destroy();
        fanout.unconfirmed.delete(message.key);
      } else if (message.t === 'closed' && fanout.streams.delete(message.key)) {
        this.holder.delete(message.key);
        this.closed(message.key, message.slow);
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
      // Its sockets closed with it: their portals reconnect (to this process's next fan-out process) and refetch.
      for (const key of fanout.streams) {
        this.holder.delete(key);
        this.closed(key, false);
      }
      fanout.streams.clear();
    });
    // Neither the process nor its channel keeps the server's process alive.
    child.unref();
    child.channel?.unref();
    this.tell(fanout, { t: 'limits', limits: this.limits });
    return fanout;
  }
}
