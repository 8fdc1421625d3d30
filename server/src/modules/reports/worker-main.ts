/**
 * The body of a report worker (report-worker.mjs loads it): its own
 * read-only connection to the database file, on which each job's queries run
 * in one read transaction (one snapshot: the rows and the totals agree; WAL
 * lets it read beside the server's writer and never blocks it), then the
 * file is rendered here and handed back whole.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { reportsApi } from '@agent-portal/contract';
import { Kysely, SqliteDialect } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { renderFile, reportDocument, runReport, type ReportJob } from './jobs';
import { ReportsService } from './service';

export interface WorkerSetup {
  file: string;
  config: Pick<Config, 'timeZone' | 'reports'>;
}

export type WorkerReply =
  | { id: number; ok: true; json: string }
  | { id: number; ok: true; file: Uint8Array }
  | { id: number; ok: false; error: { reason?: string; details?: Record<string, unknown>; publicMessage?: string; message: string } };

const setup = workerData as WorkerSetup;

/**
 * On Linux a thread has its own nice value: this one takes the lowest
 * priority, so on a machine with few cores a report waits for the CPU the
 * server's thread (seat locks, sales) wants, never the other way round.
 * Elsewhere (no /proc/thread-self) it keeps the process's priority.
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch {
    // not Linux, or not allowed: same priority as the server's thread
  }
}
lowerPriority();
const sqlite = new SQLite(setup.file, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
const port = parentPort!;

async function run(job: ReportJob): Promise<unknown> {
  // The request's now, never this thread's wall clock: the header says the time the server gave.
  const now = new Date(job.now);
  const reports = new ReportsService(db, { now: () => now }, setup.config as Config);
  sqlite.exec('begin');
  try {
    return await runReport(reports, job);
  } finally {
    sqlite.exec('commit');
  }
}

port.on('message', (message: { id: number; job: ReportJob } | 'stop') => {
  if (message === 'stop') {
    void db.destroy().then(() => port.close());
    return;
  }
  const { id, job } = message;
  void (async () => {
    try {
      const report = await run(job);
      if (job.format === 'json') {
        // Encoded and written here, as the route's serializer would (fastify-type-provider-zod: the response
        // schema's encode, then JSON.stringify): 10,000 rows of it would otherwise hold the server's thread.
        const json = JSON.stringify(z.encode(reportsApi[job.name].response, report as never));
        port.postMessage({ id, ok: true, json } satisfies WorkerReply);
        return;
      }
      const file = await renderFile(reportDocument(job.name, report, { lang: job.lang, timeZone: setup.config.timeZone }), job.format);
      // A small Buffer sits in Node's shared pool: hand over a copy, never the pool itself.
      const bytes = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength ? new Uint8Array(file.buffer) : new Uint8Array(file);
      port.postMessage({ id, ok: true, file: bytes } satisfies WorkerReply, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      const e = error instanceof AppError ? { reason: error.reason, ...(error.details ? { details: error.details } : {}), ...(error.publicMessage ? { publicMessage: error.publicMessage } : {}), message: error.message } : { message: error instanceof Error ? error.message : String(error) };
      port.postMessage({ id, ok: false, error: e } satisfies WorkerReply);
    }
  })();
});
port.postMessage({ ready: true });
