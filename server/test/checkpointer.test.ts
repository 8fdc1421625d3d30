import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startBackgroundCheckpoints, type BackgroundCheckpoints } from '../src/db/checkpointer';
import { closeDatabase, openDatabase, sqliteOf, SERVER_DATABASE_OPTIONS } from '../src/db/database';

/**
 * Background checkpoints (db/checkpointer.ts): the server's connection never
 * runs a checkpoint inside a commit, yet the WAL keeps restarting from its
 * start, every committed row survives, and a failed worker hands checkpoints
 * back to SQLite.
 */
describe('background checkpoints', () => {
  const dirs: string[] = [];
  const running: BackgroundCheckpoints[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((c) => c.stop()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function scratchFile(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'agent-portal-checkpoints-'));
    dirs.push(dir);
    return path.join(dir, 'db.sqlite');
  }

  function openWal(file: string): SQLite.Database {
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.exec('create table if not exists rows (id integer primary key, payload blob not null)');
    return sqlite;
  }

  /**
   * 500 commits of about two pages each: 1,000+ WAL frames, 4 MB if the WAL never restarted.
   * Every 25 commits, a pause (as between a server's groups) until `pause` settles.
   */
  async function writeCommits(sqlite: SQLite.Database, pause: () => Promise<unknown>, commits = 500): Promise<void> {
    const insert = sqlite.prepare('insert into rows (payload) values (?)');
    for (let i = 0; i < commits; i += 1) {
      insert.run(Buffer.alloc(3000, i % 251));
      if (i % 25 === 24) await pause();
    }
  }

  const walBytes = (file: string) => statSync(`${file}-wal`).size;

  it('the worker copies the WAL back and the server connection restarts it, with no checkpoint of its own', async () => {
    const file = scratchFile();
    const sqlite = openWal(file);
    // No backstop within reach: every checkpoint of this run is the worker's.
    const checkpoints = startBackgroundCheckpoints(sqlite, file, { intervalMs: 1, backstopPages: 1_000_000 });
    running.push(checkpoints);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000_000);
    await checkpoints.ready;

    // Each pause lasts until the worker has copied everything, however long its thread waits for
    // the CPU on a busy machine (a fixed 5 ms was not always enough).
    await writeCommits(sqlite, () => checkpoints.caughtUp());

    // Over a megabyte was committed; a WAL that restarts stays a fraction of it.
    expect(walBytes(file)).toBeLessThan(1_000_000);
    await checkpoints.stop();
    sqlite.close();
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare('select count(*) as n from rows').get()).toEqual({ n: 500 });
    reopened.close();
  });

  it('without the worker and without inline checkpoints, the same commits grow the WAL (the test above can fail)', async () => {
    const file = scratchFile();
    const sqlite = openWal(file);
    sqlite.pragma('wal_autocheckpoint = 0');
    await writeCommits(sqlite, () => sleep(5));
    expect(walBytes(file)).toBeGreaterThan(3_000_000);
    sqlite.close();
  });

  it('stop() ends the worker and gives checkpoints back to SQLite', async () => {
    const file = scratchFile();
    const sqlite = openWal(file);
    const checkpoints = startBackgroundCheckpoints(sqlite, file, { backstopPages: 5000 });
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(5000);
    await checkpoints.stop();
    await checkpoints.stop();
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    sqlite.close();
  });

  it('a worker that cannot open the database is reported once and SQLite checkpoints inline again', async () => {
    const file = scratchFile();
    const sqlite = openWal(file);
    const errors: Error[] = [];
    let reported: () => void = () => {};
    const firstReport = new Promise<void>((resolve) => (reported = resolve));
    // A folder is not a database file: the worker's connection fails to open.
    const checkpoints = startBackgroundCheckpoints(sqlite, path.dirname(file), {
      onError: (error) => {
        errors.push(error);
        reported();
      },
    });
    running.push(checkpoints);
    await firstReport;
    await checkpoints.stop();
    expect(errors).toHaveLength(1);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    sqlite.close();
  });

  it('the server opens its database with background checkpoints and closes them with it', async () => {
    const file = scratchFile();
    const db = openDatabase({ kind: 'file', file }, SERVER_DATABASE_OPTIONS);
    const sqlite = sqliteOf(db);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    expect(sqlite.pragma('temp_store', { simple: true })).toBe(2);
    await sql`select 1`.execute(db);
    await closeDatabase(db);
    expect(sqlite.open).toBe(false);
  });
});
