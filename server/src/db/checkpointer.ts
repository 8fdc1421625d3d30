import type SQLite from 'better-sqlite3';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints off the server's thread.
 *
 * In WAL mode a commit appends to the WAL (and, under the server's
 * synchronous = FULL, syncs the WAL: one sync); copying the frames back into
 * the database file is a checkpoint, which SQLite runs inside the commit that
 * takes the WAL past wal_autocheckpoint pages (1,000 by default) and which
 * syncs twice more (the WAL before it copies, the file after) besides
 * writing every page again. On a disk with slow syncs that commit, and every
 * request queued behind it on the one connection, waited tens of
 * milliseconds: most of the sale's p99.
 *
 * Here a worker thread with its own connection runs PASSIVE checkpoints
 * (they never wait for the writer and never block it) every 50 ms by
 * default, at once while far behind, so the server's thread does not sync
 * in the normal run. Once a checkpoint has copied every committed frame,
 * the next commit restarts the WAL from its start: with any pause in
 * selling, the file stays small. The server's connection keeps a high
 * wal_autocheckpoint as a backstop: under sustained load the worker never
 * quite catches up, and if it dies nothing copies at all; either way the WAL
 * cannot grow past that many pages, whose checkpoint (on the server's
 * thread) then has little left to copy.
 *
 * Durability does not depend on the worker: a commit is on the disk when it
 * returns (synced in the WAL by the server's own connection, db/database.ts),
 * and a checkpoint only copies frames already synced there: the worker's
 * checkpoints sync the WAL before they copy and the database file after,
 * exactly as the server's own did, so the WAL is never restarted over frames
 * the file does not hold on the disk. If the worker dies, nothing is lost:
 * the frames wait in the WAL for the backstop's checkpoint.
 */
export interface BackgroundCheckpoints {
  /** Settles once the worker's connection is open (or the worker failed): from then on it checkpoints. */
  readonly ready: Promise<void>;
  /**
   * Settles at the worker's next round that finds every committed frame
   * copied (or when it stops): then the next commit restarts the WAL. For
   * tests, which must not guess how soon a thread gets the CPU.
   */
  caughtUp(): Promise<void>;
  /** Stops the worker and closes its connection (the server's connection stays open). */
  stop(): Promise<void>;
}

export interface BackgroundCheckpointOptions {
  /** Pause between checkpoints while the worker is caught up. */
  intervalMs?: number;
  /** wal_autocheckpoint of the server's own connection, the backstop. */
  backstopPages?: number;
  /**
   * Told once if the worker fails; the server's connection is then back on SQLite's own checkpoints. Default: one line
   * on stderr.
   */
  onError?: (error: Error) => void;
}

/** SQLite's default wal_autocheckpoint, restored when the worker stops or fails. */
const INLINE_CHECKPOINT_PAGES = 1000;

export function startBackgroundCheckpoints(
  sqlite: SQLite.Database,
  file: string,
  options: BackgroundCheckpointOptions = {},
): BackgroundCheckpoints {
  const {
    intervalMs = 50,
    backstopPages = 10_000,
    onError = (error: Error) =>
      console.error(`Background checkpoints stopped (${error.message}); SQLite checkpoints inside commits again.`),
  } = options;
  sqlite.pragma(`wal_autocheckpoint = ${backstopPages}`);
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), { workerData: { file, intervalMs } });
  // The server's exit must not wait for this thread.
  worker.unref();
  const backInline = () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${INLINE_CHECKPOINT_PAGES}`);
  };
  worker.once('error', (error) => {
    backInline();
    onError(error);
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve) => {
    worker.once('message', () => resolve());
    worker.once('exit', () => resolve());
  });
  let stopping: Promise<void> | null = null;
  let caughtUp: Promise<void> | null = null;
  return {
    ready,
    caughtUp() {
      caughtUp ??= new Promise<void>((resolve) => {
        const done = () => {
          worker.off('message', onMessage);
          caughtUp = null;
          resolve();
        };
        const onMessage = (message: unknown) => {
          if ((message as { caughtUp?: boolean } | null)?.caughtUp) done();
        };
        worker.on('message', onMessage);
        void exited.then(done);
        worker.postMessage('caught-up?');
      });
      return caughtUp;
    },
    stop() {
      stopping ??= (async () => {
        backInline();
        worker.postMessage('stop');
        // The worker closes its connection and exits; a worker stuck in a long checkpoint is
        // terminated after a second (the WAL is crash-safe, a cut checkpoint is redone later).
        const timeout = setTimeout(() => void worker.terminate(), 1000);
        await exited;
        clearTimeout(timeout);
      })();
      return stopping;
    },
  };
}
