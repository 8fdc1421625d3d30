import { PassThrough, type Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { Reason } from '@agent-portal/contract';
import type { Config } from '../../config';

/** A report given to the pool, until its answer or its file's last piece has come. */
interface Waiter {
  resolve: (reply: WorkerReply | { file: Readable }) => void;
  reject: (error: Error) => void;
  /** Stops listening for the client's going. */
  done: () => void;
  progress?: (done: number, total: number) => void;
  worker?: Worker;
  /** The file's stream, from its first piece on. */
  out?: PassThrough;
}

import { AppError } from '../../http/app-error';
import { ClientGone } from './file-queue';
import type { ReportJob } from './jobs';
import type { SharedDatabase, WorkerReply, WorkerSetup } from './worker-protocol';

/**
 * Report workers (issue #14: no request can stall the counters).
 * better-sqlite3 is synchronous and a 50,000-row PDF takes seconds of CPU:
 * on the server's thread either would hold every seat lock and sale behind
 * it. Here up to `size` worker threads each run one report at a time (its
 * queries on the worker's own read-only connection, in WAL beside the
 * server's writer, then the file), started when first needed; more reports
 * than workers wait in a queue, never on the server's thread.
 *
 * A worker that dies fails its report with INTERNAL_SERVER_ERROR and is
 * replaced by the next report that needs one.
 *
 * A report whose client has gone (run's signal aborts) is cancelled: taken
 * out of the queue, or, once a worker has it (querying, rendering or still
 * sending pieces), its worker is stopped (a rendering thread reads no
 * message until it is done, so it is terminated) and replaced by the next
 * report that needs one (issue #32).
 */
export class ReportPool {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private readonly queue: { id: number; job: ReportJob }[] = [];
  private readonly pending = new Map<number, Waiter>();
  private nextId = 1;
  private closed = false;
  private cancelled = 0;
  private stopped = 0;
  private answered = 0;

  constructor(
    /** The database each worker opens for itself: a SQLite file (read-only) or a PostgreSQL database. */
    private readonly database: SharedDatabase,
    private readonly config: Pick<Config, 'timeZone' | 'reports'>,
    private readonly size: number,
    private readonly options: {
      /**
       * Tests: an Int32Array on a SharedArrayBuffer. While its first element is 0, a worker that takes a job holds
       * it, busy (Atomics.wait), as a long file would hold it; the test sets it to 1 and notifies to let them run.
       */
      gate?: Int32Array;
      /**
       * Tests: an Int32Array on a SharedArrayBuffer. While its first element is 0, a worker that has posted a file's
       * first piece holds there, busy, as a long file's worker is while its client downloads the first pieces.
       */
      hold?: Int32Array;
    } = {},
  ) {}

  /**
   * The report's JSON answer, already written out, or its file as a stream that the worker's pieces are written to as
   * they come (resolved with the first piece: an error before it rejects as the AppError the report threw; one after
   * it cuts the stream). `progress` is told the rows drawn of all as the worker draws them.
   */
  async run(
    job: ReportJob,
    gone?: AbortSignal,
    progress?: (done: number, total: number) => void,
  ): Promise<{ json: string } | { file: Readable }> {
    if (this.closed) throw new Error('report workers stopped: the server is stopping');
    if (gone?.aborted) throw new ClientGone();
    const id = this.nextId++;
    const cancel = () => this.cancel(id);
    const reply = await new Promise<WorkerReply | { file: Readable }>((resolve, reject) => {
      // The client's going cancels the report until its last piece has come, not only until its first.
      const done = () => gone?.removeEventListener('abort', cancel);
      this.pending.set(id, { resolve, reject, done, ...(progress ? { progress } : {}) });
      this.queue.push({ id, job });
      gone?.addEventListener('abort', cancel, { once: true });
      this.dispatch();
    });
    if ('file' in reply) return reply;
    if (reply.ok) return { json: (reply as { json: string }).json };
    const e = reply.error;
    if (e.reason) throw new AppError(e.reason as Reason, e.details, e.publicMessage);
    // The worker's error as its cause, code and message kept: a database failure answers DATABASE_BUSY or
    // DATABASE_UNAVAILABLE (db/database-trouble.ts) as it would on the server's thread.
    throw new Error(`report worker: ${e.message}`, { cause: Object.assign(new Error(e.message), { code: e.code }) });
  }

  /** Workers running now (for tests). */
  get threads(): number {
    return this.all.size;
  }

  /**
   * Reports waiting for a worker, on a worker now, cancelled because their client went, workers stopped for that, and
   * reports answered (tests).
   */
  stats(): { queued: number; running: number; cancelled: number; stopped: number; answered: number } {
    let running = 0;
    for (const waiter of this.pending.values()) if (waiter.worker) running++;
    return {
      queued: this.queue.length,
      running,
      cancelled: this.cancelled,
      stopped: this.stopped,
      answered: this.answered,
    };
  }

  /** The client of report `id` has gone: out of the queue, or its worker stopped; its run rejects with ClientGone. */
  private cancel(id: number): void {
    const waiter = this.pending.get(id);
    if (!waiter) return;
    this.pending.delete(id);
    waiter.done();
    this.cancelled++;
    const at = this.queue.findIndex((q) => q.id === id);
    if (at >= 0) this.queue.splice(at, 1);
    const worker = waiter.worker;
    if (worker) {
      // Out of the pool at once (its exit then changes nothing); the next report that needs a thread starts one.
      this.all.delete(worker);
      this.stopped++;
      void worker.terminate();
      if (!this.closed) this.dispatch();
    }
    waiter.out?.destroy(new ClientGone());
    waiter.reject(new ClientGone());
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const { id } of this.queue.splice(0))
      this.pending.get(id)?.reject(new Error('report workers stopped: the server is stopping'));
    await Promise.all(
      [...this.all].map(async (worker) => {
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        worker.postMessage('stop');
        const timeout = setTimeout(() => void worker.terminate(), 1000);
        await exited;
        clearTimeout(timeout);
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length) {
      const worker = this.idle.pop() ?? (this.all.size < this.size ? this.spawn() : null);
      if (!worker) return;
      const next = this.queue.shift()!;
      const waiter = this.pending.get(next.id);
      if (waiter) waiter.worker = worker;
      worker.postMessage(next);
    }
  }

  /** A piece of a report's file: the first opens its stream (and resolves its run), each is written on. */
  private piece(waiter: Waiter, bytes: Uint8Array | null): void {
    if (!waiter.out) {
      waiter.out = new PassThrough();
      waiter.resolve({ file: waiter.out });
    }
    // No backpressure: a 50,000-row file is a few MB, and a slow client's pieces wait here, not in the worker.
    if (bytes) waiter.out.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  private spawn(): Worker {
    const setup: WorkerSetup = {
      database: this.database,
      config: { timeZone: this.config.timeZone, reports: this.config.reports },
      ...(this.options.gate ? { gate: this.options.gate } : {}),
      ...(this.options.hold ? { hold: this.options.hold } : {}),
    };
    const worker = new Worker(new URL('./report-worker.mjs', import.meta.url), { workerData: setup });
    // A stopping server does not wait for an idle report thread.
    worker.unref();
    this.all.add(worker);
    worker.on('message', (message: WorkerReply | { ready: true }) => {
      if (!('id' in message)) return;
      const waiter = this.pending.get(message.id);
      if (message.ok && 'chunk' in message) {
        if (waiter) this.piece(waiter, message.chunk);
        return;
      }
      if (message.ok && 'progress' in message) {
        waiter?.progress?.(message.progress.done, message.progress.total);
        return;
      }
      this.pending.delete(message.id);
      if (waiter) {
        this.answered++;
        waiter.done();
        if (message.ok && 'end' in message) {
          // A file of no piece at all cannot be (a PDF or XLSX has bytes); its stream ends all the same.
          this.piece(waiter, null);
          waiter.out?.end();
        } else if (!message.ok && waiter.out) {
          waiter.out.destroy(new Error(`report worker: ${message.error.message}`));
        } else {
          waiter.resolve(message);
        }
      }
      if (message.ok && 'end' in message && message.retire) {
        // It could not take back the server's priority after rendering: a new thread takes the next report.
        this.all.delete(worker);
        worker.postMessage('stop');
        if (!this.closed) this.dispatch();
        return;
      }
      if (!this.closed) {
        this.idle.push(worker);
        this.dispatch();
      }
    });
    const gone = (error: Error) => {
      if (!this.all.delete(worker)) return;
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      for (const [id, waiter] of this.pending) {
        if (waiter.worker !== worker) continue;
        this.pending.delete(id);
        waiter.done();
        waiter.out?.destroy(error);
        waiter.reject(error);
      }
      if (!this.closed) this.dispatch();
    };
    worker.on('error', (error) => gone(error));
    worker.on('exit', (code) => gone(new Error(`report worker exited (${code})`)));
    return worker;
  }
}
