/**
 * A fair share of the report files (issue #32, item 8). A PDF or XLSX of
 * 50,000 rows takes seconds of a report worker; without a cap one user (or a
 * script) could queue any number of them and every other counter's download
 * would wait behind them. Here each user has at most `running` files being
 * made (rendering, or in the workers' queue) and `waiting` more waiting for
 * one of those places; past both the answer is 429 REPORT_QUEUE_FULL, before
 * any work. A file whose client has gone (the request closed) leaves at once:
 * a waiting one leaves the line, a running one is stopped (the task's signal;
 * ReportPool stops its worker). Per process, like the workers it shares out.
 */
import { AppError } from '../../http/app-error';

/** The request of a file was closed by its client before the file was ready: nothing is left to answer. */
export class ClientGone extends Error {
  override name = 'ClientGone';
  constructor() {
    super('the client closed the request before its report file was ready');
  }
}

interface UserLine {
  running: number;
  /** Files waiting for a running place, first come first served; each starts or leaves. */
  waiting: { start: () => void }[];
}

export class FileQueue {
  private readonly users = new Map<number, UserLine>();

  constructor(private readonly limits: { running: number; waiting: number }) {}

  /**
   * Runs `task` for the user once one of the user's running places is free, with a signal that aborts when the
   * client goes (`gone`). Refuses with REPORT_QUEUE_FULL when the user's places and line are full, and with ClientGone
   * when the client leaves first.
   */
  async run<T>(userId: number, gone: AbortSignal, task: (gone: AbortSignal) => Promise<T>): Promise<T> {
    if (gone.aborted) throw new ClientGone();
    let line = this.users.get(userId);
    if (!line) {
      line = { running: 0, waiting: [] };
      this.users.set(userId, line);
    }
    if (line.running < this.limits.running) {
      line.running++;
    } else if (line.waiting.length < this.limits.waiting) {
      await this.wait(userId, line, gone);
    } else {
      throw new AppError('REPORT_QUEUE_FULL', { running: this.limits.running, waiting: this.limits.waiting });
    }
    try {
      if (gone.aborted) throw new ClientGone();
      return await task(gone);
    } finally {
      this.finished(userId, line);
    }
  }

  /** The user's files now: being made and waiting (tests; a look at who holds the workers). */
  countOf(userId: number): { running: number; waiting: number } {
    const line = this.users.get(userId);
    return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
  }

  /** Resolves when a running place passes to this file (the place is counted for it already). */
  private wait(userId: number, line: UserLine, gone: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        const at = line.waiting.indexOf(entry);
        if (at >= 0) line.waiting.splice(at, 1);
        this.forgetIfIdle(userId, line);
        reject(new ClientGone());
      };
      const entry = {
        start: () => {
          gone.removeEventListener('abort', leave);
          resolve();
        },
      };
      line.waiting.push(entry);
      gone.addEventListener('abort', leave, { once: true });
    });
  }

  /** A running place is free: the next waiting file of the user takes it. */
  private finished(userId: number, line: UserLine): void {
    const next = line.waiting.shift();
    if (next) {
      next.start();
      return;
    }
    line.running--;
    this.forgetIfIdle(userId, line);
  }

  private forgetIfIdle(userId: number, line: UserLine): void {
    if (line.running === 0 && line.waiting.length === 0 && this.users.get(userId) === line) this.users.delete(userId);
  }
}
