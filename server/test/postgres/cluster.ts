/**
 * A throwaway PostgreSQL cluster for tests: initdb in a temp folder, a server on
 * a free local port, one empty database per caller, everything removed on stop.
 *
 * The cluster object lives in the process that started it (vitest's globalSetup);
 * a test worker that only has the admin URL uses createDatabaseOn/dropDatabaseOn.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
// The one free-port picker (the OS picks it; a small race with other processes remains, hence the retry in start).
import { freePort } from '../../bench/server-process';

export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres: the superuser on the maintenance database. */
  adminUrl: string;
  /** The temp folder holding the data directory, the log and the socket (gone after stop). */
  dir: string;
  /** Creates a new empty database (t_<random hex>, from template0) and returns its URL. */
  createDatabase(): Promise<string>;
  /** Drops a database made by createDatabase, closing whatever connections it still has. */
  dropDatabase(url: string): Promise<void>;
  /** Stops the server at once (pg_ctl stop -m immediate) and removes the temp folder. */
  stop(): Promise<void>;
  /** With `tls`: the certificate of the authority that signed the server's (a PEM file in `dir`). */
  caFile?: string;
}

export interface ClusterOptions {
  /**
   * Connections over TCP only with TLS, as a managed database takes them: the server's certificate (for 127.0.0.1,
   * no host name) signed by an authority of the cluster's own, and pg_hba refusing any TCP connection without TLS. The
   * admin URL verifies the certificate (sslmode=verify-full, sslrootcert=caFile).
   */
  tls?: boolean;
}

/** A self-signed certificate authority in `dir`: `<name>.key` and `<name>.crt`; answers the certificate's path. */
export async function makeCertificateAuthority(dir: string, name: string): Promise<string> {
  const key = path.join(dir, `${name}.key`);
  const crt = path.join(dir, `${name}.crt`);
  await run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      key,
      '-out',
      crt,
    ],
    { cwd: dir },
  );
  return crt;
}

/**
 * The server's key and certificate for 127.0.0.1 (its only name), signed by a new authority; PostgreSQL reads the
 * key only if it is its own user's and no one else may read it.
 */
async function makeServerCertificate(dir: string, user: { uid: number; gid: number } | undefined) {
  const ca = await makeCertificateAuthority(dir, 'test-ca');
  const key = path.join(dir, 'server.key');
  const csr = path.join(dir, 'server.csr');
  const crt = path.join(dir, 'server.crt');
  const extensions = path.join(dir, 'server.ext');
  writeFileSync(extensions, 'subjectAltName = IP:127.0.0.1\n');
  await run(
    'openssl',
    ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', csr],
    { cwd: dir },
  );
  await run(
    'openssl',
    [
      'x509',
      '-req',
      '-in',
      csr,
      '-CA',
      ca,
      '-CAkey',
      path.join(dir, 'test-ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      extensions,
      '-out',
      crt,
    ],
    { cwd: dir },
  );
  chmodSync(key, 0o600);
  if (user) for (const file of [key, crt]) chownSync(file, user.uid, user.gid);
  return { ca, key, crt };
}

/** The folder holding initdb, pg_ctl and postgres: on PATH, else the newest /usr/lib/postgresql/<version>/bin. */
export function findPostgresBinaries(): string {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const initdb = path.join(dir, 'initdb');
    if (!executable(initdb)) continue;
    // /usr/local/bin/initdb may be a link into /usr/lib/postgresql/<v>/bin: use the real folder, where pg_ctl and
    // postgres sit.
    const real = path.dirname(realpathSync(initdb));
    if (executable(path.join(real, 'pg_ctl')) && executable(path.join(real, 'postgres'))) return real;
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+(\.\d+)?$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (executable(path.join(bin, 'initdb')) && executable(path.join(bin, 'pg_ctl'))) return bin;
  }
  throw new Error(
    'No PostgreSQL server binaries found (initdb on PATH or under /usr/lib/postgresql/*/bin). ' +
      'On Debian/Ubuntu: apt-get install postgresql',
  );
}

/** The uid/gid of the `postgres` system user (initdb and postgres refuse to run as root). */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line)
    throw new Error(
      'Running as root, but there is no `postgres` system user to run the PostgreSQL server as (apt-get install postgresql makes it).',
    );
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function run(
  file: string,
  args: string[],
  options: { cwd: string; user?: { uid: number; gid: number } | undefined },
): Promise<string> {
  // A clean environment: no PGDATA/PGPORT/PGHOST etc. from the caller steering pg_ctl elsewhere.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')));
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { cwd: options.cwd, env: { ...env, LC_ALL: 'C' }, ...(options.user ?? {}), maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`${path.basename(file)} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^t_[0-9a-f]+$/.test(name)) throw new Error(`Not a throwaway test database: ${url}`);
  return name;
}

/** One connection to `url` for `work`, closed after it whatever happens. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs `statements` on the database at `url`, one after another, as the role the URL signs in with. */
export async function runStatements(url: string, ...statements: string[]): Promise<void> {
  await withClient(url, async (client) => {
    for (const statement of statements) await client.query(statement);
  });
}

/** `url` signed in as `role` instead (no password: the throwaway clusters trust loopback). */
export function signedInAs(url: string, role: string): string {
  const changed = new URL(url);
  changed.username = role;
  return changed.toString();
}

/**
 * Creates a new database t_<random hex> on the cluster behind adminUrl and returns its URL: empty, or a
 * copy of `templateUrl` (a database made here earlier, with no open connection), which PostgreSQL
 * copies file by file, far faster than migrating and seeding again.
 */
export async function createDatabaseOn(adminUrl: string, templateUrl?: string): Promise<string> {
  const name = `t_${randomBytes(8).toString('hex')}`;
  // template0: a clean database (nothing added to template1 leaks in), with the cluster's UTF8 / C locale.
  const template = templateUrl ? databaseName(templateUrl) : 'template0';
  await withClient(adminUrl, (client) => client.query(`create database "${name}" template "${template}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createDatabaseOn, even while connections to it are still open. */
export async function dropDatabaseOn(adminUrl: string, url: string): Promise<void> {
  const name = databaseName(url);
  await withClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

/**
 * Runs beside the test runner, detached: once the process that started the
 * cluster is gone without stopping it (a runner killed with SIGKILL, or by a
 * CI timeout, never reaches its teardown), it stops the server and removes
 * the folder; once stop() has removed the folder, it ends too. Arguments:
 * the owner's pid, pg_ctl, the data directory, the folder, and the uid/gid
 * to run pg_ctl as (empty when not root).
 */
const WATCHDOG = `
const { execFileSync } = require('node:child_process');
const { existsSync, rmSync } = require('node:fs');
const [owner, pgCtl, data, dir, uid, gid] = process.argv.slice(1);
const alive = (pid) => { try { process.kill(Number(pid), 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const timer = setInterval(() => {
  if (!existsSync(dir)) return clearInterval(timer);
  if (alive(owner)) return;
  clearInterval(timer);
  const user = uid ? { uid: Number(uid), gid: Number(gid) } : {};
  try { execFileSync(pgCtl, ['-D', data, '-w', '-m', 'immediate', 'stop'], { stdio: 'ignore', ...user }); } catch {}
  rmSync(dir, { recursive: true, force: true });
}, 500);
`;

function startWatchdog(pgCtl: string, data: string, dir: string, user: { uid: number; gid: number } | undefined): void {
  const ids = user ? [String(user.uid), String(user.gid)] : ['', ''];
  spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), pgCtl, data, dir, ...ids], {
    detached: true,
    stdio: 'ignore',
  }).unref();
}

/** Starts a fresh PostgreSQL cluster in a temp folder; stop() removes every trace of it. */
export async function startThrowawayCluster(wanted: ClusterOptions = {}): Promise<ThrowawayCluster> {
  const bin = findPostgresBinaries();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const user = isRoot ? postgresUser() : undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-portal-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  const pgCtl = path.join(bin, 'pg_ctl');
  let started = false;

  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    // C locale: text compares bytewise, as in SQLite; case-insensitive columns use an ICU collation instead.
    await run(
      path.join(bin, 'initdb'),
      ['-D', data, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C'],
      { cwd: dir, user },
    );

    const tls = wanted.tls ? await makeServerCertificate(dir, user) : undefined;
    if (tls)
      // The socket pg_ctl waits on stays open; over TCP, TLS or nothing.
      writeFileSync(
        path.join(data, 'pg_hba.conf'),
        ['local all all trust', 'hostssl all all 127.0.0.1/32 trust', 'hostnossl all all 127.0.0.1/32 reject', ''].join(
          '\n',
        ),
      );

    let port = 0;
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      // fsync, synchronous_commit and full_page_writes off: this cluster is thrown away after the run, so
      // losing it in a crash costs nothing, and skipping the disk flushes makes the tests much faster.
      // Never use these settings for a database whose data matters.
      const options = [
        `-p ${port}`,
        '-c listen_addresses=127.0.0.1',
        `-k ${dir}`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=300',
        ...(tls ? ['-c ssl=on', `-c ssl_cert_file=${tls.crt}`, `-c ssl_key_file=${tls.key}`] : []),
      ].join(' ');
      try {
        await run(pgCtl, ['-D', data, '-l', log, '-w', '-o', options, 'start'], { cwd: dir, user });
        started = true;
        break;
      } catch (error) {
        // Another process may have taken the port between freePort and the server's bind: try another.
        const logText = existsSync(log) ? readFileSync(log, 'utf8') : '';
        if (attempt >= 3 || !/could not bind|address already in use/i.test(logText)) {
          throw new Error(`${(error as Error).message}\nServer log:\n${logText}`);
        }
      }
    }

    startWatchdog(pgCtl, data, dir, user);
    const verified = tls ? `?sslmode=verify-full&sslrootcert=${encodeURIComponent(tls.ca)}` : '';
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres${verified}`;
    let stopped = false;
    return {
      adminUrl,
      dir,
      ...(tls ? { caFile: tls.ca } : {}),
      createDatabase: () => createDatabaseOn(adminUrl),
      dropDatabase: (url) => dropDatabaseOn(adminUrl, url),
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await run(pgCtl, ['-D', data, '-w', '-m', 'immediate', 'stop'], { cwd: dir, user });
        } finally {
          removeDir();
        }
      },
    };
  } catch (error) {
    if (started)
      await run(pgCtl, ['-D', data, '-w', '-m', 'immediate', 'stop'], { cwd: dir, user }).catch(() => undefined);
    removeDir();
    throw error;
  }
}
