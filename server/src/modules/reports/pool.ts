import { Worker } from 'node:worker_threads';
import type { Reason } from '@agent-portal/contract';
import type { Config, DatabaseLocation } from '../../config';

/** A database another thread can open: not an in-memory one. */
export type SharedDatabase = Exclude<DatabaseLocation, { kind: 'memory' }>;
import { AppError } from '../../http/app-error';
import type { ReportJob } from './jobs';
import type { WorkerReply, WorkerSetup } from './worker-main';

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
 */
export class ReportPool {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private readonly queue: { id: number; job: ReportJob }[] = [];
  private readonly pending = new Map<
    number,
    { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void; worker?: Worker }
  >();
  private nextId = 1;
  private closed = false;

  constructor(
    /** The database each worker opens for itself: a SQLite file (read-only) or a PostgreSQL database. */
    private readonly database: SharedDatabase,
    private readonly config: Pick<Config, 'timeZone' | 'reports'>,
    private readonly size: number,
  ) {}

  /**
   * The report's JSON answer, already written out, or its file's bytes. Errors arrive as the AppError the report threw.
   */
  async run(job: ReportJob): Promise<{ json: string } | { file: Buffer }> {
    if (this.closed) throw new Error('report workers stopped: the server is stopping');
    const id = this.nextId++;
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.queue.push({ id, job });
      this.dispatch();
    });
    if (!reply.ok) {
      const e = reply.error;
      if (e.reason) throw new AppError(e.reason as Reason, e.details, e.publicMessage);
      // The worker's error as its cause, code and message kept: a database failure answers DATABASE_BUSY or
      // DATABASE_UNAVAILABLE (db/database-trouble.ts) as it would on the server's thread.
      throw new Error(`report worker: ${e.message}`, { cause: Object.assign(new Error(e.message), { code: e.code }) });
    }
    return 'file' in reply
      ? { file: Buffer.from(reply.file.buffer, reply.file.byteOffset, reply.file.byteLength) }
      : { json: reply.json };
  }

  /** Workers running now (for tests). */
  get threads(): number {
    return this.all.size;
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

  private spawn(): Worker {
    const setup: WorkerSetup = {
      database: this.database,
      config: { timeZone: this.config.timeZone, reports: this.config.reports },
    };
    const worker = new Worker(new URL('./report-worker.mjs', import.meta.url), { workerData: setup });
    // A stopping server does not wait for an idle report thread.
    worker.unref();
    this.all.add(worker);
    worker.on('message', (message: WorkerReply | { ready: true }) => {
      if (!('id' in message)) return;
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      waiter?.resolve(message);
      if (message.ok && 'file' in message && message.retire) {
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
        waiter.reject(error);
      }
      if (!this.closed) this.dispatch();
    };
    worker.on('error', (error) => gone(error));
    worker.on('exit', (code) => gone(new Error(`report worker exited (${code})`)));
    return worker;
  }
}
