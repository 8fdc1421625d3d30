/**
 * Where each named file download is (issue #34): the portal names a download
 * (?job=) and asks GET /api/reports/files/:job/progress while it waits, to
 * show rows done of rows to do beside its Cancel button. A job is the
 * user's own: another user asking the same name learns nothing. Per
 * process, like the report workers and the user's line (file-queue.ts).
 */
import type { ReportFileProgress } from '@agent-portal/contract';

/** A download being made: told its rows as the worker draws them, and when it is over. */
export interface ProgressHandle {
  rows(done: number, total: number): void;
  finish(): void;
}

const NONE: ProgressHandle = { rows: () => undefined, finish: () => undefined };

export class FileProgress {
  private readonly jobs = new Map<string, ReportFileProgress>();

  /** Follows the user's download `job` (none named: nothing is kept), waiting until its first rows. */
  start(userId: number, job: string | undefined): ProgressHandle {
    if (!job) return NONE;
    const key = `${userId}/${job}`;
    const state: ReportFileProgress = { state: 'waiting', rowsDone: 0, rowsTotal: null };
    this.jobs.set(key, state);
    return {
      rows: (done, total) => {
        state.state = 'making';
        state.rowsDone = done;
        state.rowsTotal = total;
      },
      // A finished download is forgotten: the portal stops asking once its download has ended.
      finish: () => {
        if (this.jobs.get(key) === state) this.jobs.delete(key);
      },
    };
  }

  /** The user's download `job` now; one this process does not know (not started yet, or over) is waiting. */
  of(userId: number, job: string): ReportFileProgress {
    const state = this.jobs.get(`${userId}/${job}`);
    return state ? { ...state } : { state: 'waiting', rowsDone: 0, rowsTotal: null };
  }

  /** Downloads followed now (tests: none is left behind). */
  get size(): number {
    return this.jobs.size;
  }
}
