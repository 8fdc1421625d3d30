/**
 * The background checkpointer's thread (db/checkpointer.ts): its own
 * connection to the database file copies committed WAL frames back into the
 * file, so the fsyncs of a checkpoint never run on the server's thread.
 *
 * Plain JavaScript: Node 20 does not carry --import tsx into worker threads.
 */
import SQLite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { file, intervalMs } = workerData;
const db = new SQLite(file);
// The server connection's settings (db/database.ts). This connection never commits, so of
// synchronous only what a checkpoint does counts, the same under NORMAL and FULL: it syncs the WAL
// before it copies frames into the file and the file after, exactly as the server's own did.
db.pragma('synchronous = FULL');
db.pragma('fullfsync = ON');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');

/** SQLite's own checkpoint threshold: this many uncopied frames is worth a round now. */
const FAR_BEHIND_FRAMES = 1000;

let timer = null;
let stopped = false;
/** The owner asked to be told once every committed frame has been copied (BackgroundCheckpoints.caughtUp). */
let reportCaughtUp = false;

function tick() {
  timer = null;
  if (stopped) return;
  // PASSIVE never waits for the writer and never blocks it: it copies what is committed now.
  // busy = 1 when the server's own backstop checkpoint holds the checkpoint lock at this moment.
  const { busy, log, checkpointed } = checkpoint.get();
  // Far behind (a burst committed while it copied): go again at once; a few frames behind, they
  // wait for the next round, since each round costs two disk syncs. Once it has copied every frame,
  // the server's next commit restarts the WAL from its start. Under sustained selling it may never
  // quite catch up; the WAL then grows to the server's backstop, whose checkpoint has almost
  // nothing left to copy, and restarts there.
  const farBehind = !busy && checkpointed >= 0 && log - checkpointed >= FAR_BEHIND_FRAMES;
  if (reportCaughtUp && !busy && checkpointed === log) {
    reportCaughtUp = false;
    parentPort.postMessage({ caughtUp: true });
  }
  timer = setTimeout(tick, farBehind ? 0 : intervalMs);
}

parentPort.on('message', (message) => {
  if (message === 'caught-up?') {
    reportCaughtUp = true;
    return;
  }
  if (message !== 'stop') return;
  stopped = true;
  if (timer) clearTimeout(timer);
  db.close();
  parentPort.close();
});

timer = setTimeout(tick, intervalMs);
parentPort.postMessage({ ready: true });
