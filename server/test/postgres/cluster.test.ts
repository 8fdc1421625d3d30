import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startThrowawayCluster, withClient, type ThrowawayCluster } from './cluster';

describe('throwaway PostgreSQL cluster', () => {
  let cluster: ThrowawayCluster | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });

  it('hands out separate empty databases, has ICU nocase collations, and leaves nothing behind', async () => {
    cluster = await startThrowawayCluster();
    expect(cluster.adminUrl).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    expect(existsSync(cluster.dir)).toBe(true);

    const first = await cluster.createDatabase();
    const second = await cluster.createDatabase();
    expect(first).toMatch(/\/t_[0-9a-f]+$/);
    expect(second).not.toBe(first);

    // Separate: a table made in one database is not in the other.
    await withClient(first, (client) => client.query('create table only_in_first (id integer primary key)'));
    const tablesIn = (url: string) =>
      withClient(url, async (client) =>
        (
          await client.query<{ table_name: string }>(
            "select table_name from information_schema.tables where table_schema = 'public'",
          )
        ).rows.map((row) => row.table_name),
      );
    expect(await tablesIn(first)).toEqual(['only_in_first']);
    expect(await tablesIn(second)).toEqual([]);

    // The server's migrations make exactly this collation for case-insensitive columns.
    await withClient(second, async (client) => {
      await client.query(`create collation nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false)`);
      await client.query('create table people (name text collate nocase not null)');
      await client.query('create unique index people_name on people (name)');
      await client.query("insert into people (name) values ('abc')");
      await expect(client.query("insert into people (name) values ('ABC')")).rejects.toThrow(/duplicate key/);
      // The database's own collation stays C: bytewise, upper case before lower case, as in SQLite.
      const sorted = await client.query<{ word: string }>(
        "select word from (values ('b'), ('B'), ('a')) as words(word) order by word",
      );
      expect(sorted.rows.map((row) => row.word)).toEqual(['B', 'a', 'b']);
    });

    // Dropped even while a connection to it is still open (with (force)).
    const lingering = new pg.Client({ connectionString: first });
    lingering.on('error', () => undefined);
    await lingering.connect();
    await cluster.dropDatabase(first);
    await lingering.end().catch(() => undefined);
    const names = await withClient(cluster.adminUrl, async (client) =>
      (await client.query<{ datname: string }>("select datname from pg_database where datname like 't\\_%'")).rows.map(
        (row) => row.datname,
      ),
    );
    expect(names).toEqual([new URL(second).pathname.slice(1)]);

    const dir = cluster.dir;
    await cluster.stop();
    cluster = undefined;
    expect(existsSync(dir)).toBe(false);
  });
});

describe('a throwaway cluster whose test runner is killed', () => {
  it('is stopped and removed by its watchdog, with no teardown', async () => {
    // A runner that starts a cluster, says where it is, and waits to be killed (SIGKILL: no teardown runs).
    const script = `
      import { startThrowawayCluster } from ${JSON.stringify(path.join(import.meta.dirname, 'cluster.ts'))};
      const cluster = await startThrowawayCluster();
      console.log(JSON.stringify({ dir: cluster.dir, adminUrl: cluster.adminUrl }));
      setInterval(() => undefined, 1000);
    `;
    const runner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      runner.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      runner.on('exit', (code) => reject(new Error(`the runner ended first (${code})`)));
    });
    const { dir, adminUrl } = JSON.parse(line) as { dir: string; adminUrl: string };
    expect(await withClient(adminUrl, async (client) => (await client.query('select 1 as one')).rows)).toEqual([
      { one: 1 },
    ]);

    runner.kill('SIGKILL');

    // The watchdog looks twice a second; pg_ctl's immediate stop takes a moment more.
    for (let tries = 0; existsSync(dir) && tries < 100; tries++) await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(dir)).toBe(false);
    await expect(withClient(adminUrl, (client) => client.query('select 1'))).rejects.toThrow();
  });
});
