/**
 * What the report pool (pool.ts) and its workers (worker-main.ts) say to each other: the setup a worker starts with
 * and its replies. Its own file, so the pool and the worker each import it and never each other.
 */
import type { Config, DatabaseLocation } from '../../config';

/** A database another thread can open: not an in-memory one. */
export type SharedDatabase = Exclude<DatabaseLocation, { kind: 'memory' }>;

export interface WorkerSetup {
  database: SharedDatabase;
  config: Pick<Config, 'timeZone' | 'reports'>;
  /** Tests (ReportPool's gate): each job waits here, the thread busy, while its first element is 0. */
  gate?: Int32Array;
}

export type WorkerReply =
  | { id: number; ok: true; json: string }
  | { id: number; ok: true; file: Uint8Array; retire: boolean }
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
