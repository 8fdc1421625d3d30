/**
 * The body of a report worker (report-worker.mjs loads it): its own
 * read-only connection to the database (db/report-connection.ts), on which each job's queries run
 * (WAL lets it read beside the server's writer and never blocks it), then the
 * file is rendered here and handed back in pieces as it is written, with the
 * rows done so far (the portal shows them, and a cancelled file stops here).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { reportsApi } from '@agent-portal/contract';
import { z } from 'zod';
import type { Config } from '../../config';
import { openReportConnection } from '../../db/report-connection';
import { AppError } from '../../http/app-error';
import type { ReportDocument } from './files/document';
import { fileDocument, runReport, streamFile, type ReportJob } from './jobs';
import { ReportsService } from './service';
import type { WorkerReply, WorkerSetup } from './worker-protocol';

const setup = workerData as WorkerSetup;

/** This thread's id on Linux, whose threads each have their own nice value; null elsewhere. */
const tid = (() => {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
})();

/** Sets this thread's nice value; false where it cannot (not Linux, or a lower value without the right to it). */
function nice(value: number): boolean {
  if (tid === null) return false;
  try {
    setPriority(tid, value);
    return true;
  } catch {
    return false;
  }
}

/** An error's `code` as text, if it has one. */
function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** This worker's own connection: read-only on the SQLite file, or one PostgreSQL connection. */
const connection = openReportConnection(setup.database);
const port = parentPort!;

/**
 * The job's report over this worker's connection. No read transaction around it: each statement's snapshot ends with
 * it, so the WAL can restart between them (a file's rows come in chunks, row-stream.ts), as on the server's thread.
 */
function reportsFor(job: ReportJob): ReportsService {
  // The request's now, never this thread's wall clock: the header says the time the server gave.
  const now = new Date(job.now);
  return new ReportsService(connection.units, { now: () => now }, setup.config as Config);
}

/**
 * The document's rows, for a thread lowered to the lowest priority to draw them: each chunk is read at the server's
 * priority, and the thread goes back to the lowest to draw it. A chunk's statement keeps the WAL from restarting
 * while it reads: starved of the CPU at the lowest priority, it would keep it that much longer.
 */
function readAtServerPriority(doc: ReportDocument): ReportDocument {
  const chunks = doc.rows.chunks;
  return {
    ...doc,
    rows: {
      count: doc.rows.count,
      chunks: (async function* () {
        const iterator = chunks[Symbol.asyncIterator]();
        for (;;) {
          const raised = nice(0);
          const next = await iterator.next();
          if (raised) nice(19);
          if (next.done) return;
          yield next.value;
        }
      })(),
    },
  };
}

port.on('message', (message: { id: number; job: ReportJob } | 'stop') => {
  if (message === 'stop') {
    void connection.close().then(() => port.close());
    return;
  }
  const { id, job } = message;
  if (setup.gate) Atomics.wait(setup.gate, 0, 0);
  void (async () => {
    try {
      const reports = reportsFor(job);
      if (job.format === 'json') {
        const report = await runReport(reports, job);
        // Encoded and written here, as the route's serializer would (fastify-type-provider-zod: the response
        // schema's encode, then JSON.stringify): 10,000 rows of it would otherwise hold the server's thread.
        const json = JSON.stringify(z.encode(reportsApi[job.name].response, report as never));
        port.postMessage({ id, ok: true, json } satisfies WorkerReply);
        return;
      }
      // The queries run at the server's priority: while they read, their snapshot keeps the WAL from
      // restarting (it grew past 180 MB, its checkpoints on the server's thread, when they ran at the
      // lowest). The rendering reads nothing and is most of the CPU: it runs at the lowest priority
      // (Linux), so on a machine with few cores it waits for the CPU seat locks and sales want.
      const doc = await fileDocument(reports, job, { lang: job.lang, timeZone: setup.config.timeZone });
      const lowered = nice(19);
      await streamFile(lowered ? readAtServerPriority(doc) : doc, job.format, {
        chunk: (bytes) => {
          port.postMessage({ id, ok: true, chunk: bytes } satisfies WorkerReply, [bytes.buffer]);
          if (setup.hold) Atomics.wait(setup.hold, 0, 0);
        },
        progress: (done, total) => port.postMessage({ id, ok: true, progress: { done, total } } satisfies WorkerReply),
      });
      // Back to the server's priority for the next report's queries; where that is not allowed
      // (raising a priority needs CAP_SYS_NICE) the pool starts a new thread for it instead.
      const retire = lowered && !nice(0);
      port.postMessage({ id, ok: true, end: true, retire } satisfies WorkerReply);
    } catch (error) {
      const e =
        error instanceof AppError
          ? {
              reason: error.reason,
              ...(error.details ? { details: error.details } : {}),
              ...(error.publicMessage ? { publicMessage: error.publicMessage } : {}),
              message: error.message,
            }
          : { message: error instanceof Error ? error.message : String(error), code: codeOf(error) };
      port.postMessage({ id, ok: false, error: e } satisfies WorkerReply);
    }
  })();
});
port.postMessage({ ready: true });
