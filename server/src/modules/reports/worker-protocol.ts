/**
 * What the report pool (pool.ts) and its workers (worker-main.ts) say to each other: the setup a worker starts with
 * and its replies. Its own file, so the pool and the worker each import it and never each other.
 */
import type { Config } from '../../config';
import type { SharedDatabase } from '../../db/report-connection';

export type { SharedDatabase };

export interface WorkerSetup {
  database: SharedDatabase;
  config: Pick<Config, 'timeZone' | 'reports'>;
  /** Tests (ReportPool's gate): each job waits here, the thread busy, while its first element is 0. */
  gate?: Int32Array;
  /** Tests (ReportPool's hold): after a file's first piece the thread waits here while its first element is 0. */
  hold?: Int32Array;
}

/**
 * What a worker posts about a report: its JSON; or its file as it is made, in pieces (chunk, the bytes so far since
 * the last piece) with the rows drawn (progress), then end; or its error (before any piece, an API error; after one,
 * the pool cuts the download).
 */
export type WorkerReply =
  | { id: number; ok: true; json: string }
  | { id: number; ok: true; chunk: Uint8Array }
  | { id: number; ok: true; progress: { done: number; total: number } }
  | { id: number; ok: true; end: true; retire: boolean }
  | {
      id: number;
      ok: false;
      error: {
        reason?: string;
        details?: Record<string, unknown>;
        publicMessage?: string;
        message: string;
        /** The failure's own code (a SQLSTATE, SQLITE_BUSY, ECONNREFUSED), which db/database-trouble.ts reads. */
        code?: string;
      };
    };
