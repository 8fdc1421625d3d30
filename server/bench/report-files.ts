/**
 * Report files benchmark (issue #34): `node --import tsx server/bench/report-files.ts
 * [--reservations R] [--runs N] [--formats pdf,xlsx] [--langs en,bn] [--workers W] [--file bench.sqlite] [--keep]`.
 *
 * Builds a scratch database as bench:mixed does (demo world, R generated
 * past reservations over 180 days, default 360,000: the demo agent's
 * reservation history then holds more than 50,000 rows), or takes the one
 * --file names (built there by the first run that names it, and kept). Then, for
 * each format, language and run, starts the real server in a fresh process
 * of its own (REPORT_WORKERS=W, default 1: the file is made in a report
 * worker, as in production) on a free loopback port and downloads the
 * reservation history of those 180 days as that file (50,000 rows, the
 * REPORT_FILE_MAX_ROWS cap) over HTTP, nothing else running.
 *
 * Prints ONE JSON line per file:
 * {"format":"pdf","lang":"en","rows":50000,"ms":..,"cpuMs":..,"bytes":..,
 *  "rssBeforeMB":..,"peakRssMB":..,"fileMB":..}
 * where ms is the download's time to its last byte, cpuMs the CPU the server
 * process spent meanwhile (all its threads: on a machine others share, the
 * steadier figure), peakRssMB the server process's peak resident memory
 * while the file was made (Linux's VmHWM, set back to the RSS of the moment
 * just before the download through /proc/self/clear_refs: the server's thread,
 * the report worker and the download together) and fileMB = peakRssMB -
 * rssBeforeMB, what the file added to the process. Not getrusage's maxrss:
 * Linux keeps it across exec, so a child started by the bench's process (which
 * built the database) reported the bench's own peak, 508 MB whatever the file.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { REPORT_FILE_MAX_ROWS } from '@agent-portal/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { closeDatabase, migrateToLatest, openDatabase, SERVER_DATABASE_OPTIONS } from '../src/db/database';
import { seedDemoWorld } from '../src/db/seed';
import { systemClock } from '../src/lib/clock';
import { addDays } from '../src/lib/zoned-time';
import { seedReportsWorld } from './reports-seed';
import { resetPeakRss, rssOf } from './memory';
import { benchServerEnv } from './selling';
import { intArg } from './scratch';

interface FileRun {
  env: Record<string, string>;
  format: 'pdf' | 'xlsx';
  lang: 'en' | 'bn';
  body: { companyId: number; fromDate: string; toDate: string; page: number; pageSize: number };
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

function listArg<T extends string>(name: string, fallback: T[]): T[] {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? ((process.argv[i + 1] ?? '').split(',') as T[]) : fallback;
}
function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Downloads one file over a real socket; its bytes counted as they arrive, none kept. */
function download(port: number, token: string, run: FileRun): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(run.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/reports/reservationHistory?format=${run.format}&lang=${run.lang}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One file, in this (child) process: the server started, one warm-up of a tiny report, then the file timed. */
async function fileInThisProcess(run: FileRun): Promise<void> {
  const config = loadConfig(run.env);
  const db = openDatabase(config.database, SERVER_DATABASE_OPTIONS);
  const app = await buildApp({ config, db, clock: systemClock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'agent', password: 'Agent@123' },
    });
    const token = (login.json() as { token: string }).token;
    const matched = await app.inject({
      method: 'POST',
      url: '/api/reports/reservationHistory',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...run.body, pageSize: 1 },
    });
    const rows = Math.min(REPORT_FILE_MAX_ROWS, (matched.json() as { total: number }).total);
    // The worker thread started and its modules loaded: what is timed is the file, not the first thread's start.
    await download(port, token, { ...run, body: { ...run.body, fromDate: run.body.toDate } });
    const fromProc = resetPeakRss() ? rssOf('self') : null;
    const rssBefore = fromProc?.rss ?? process.memoryUsage().rss;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await download(port, token, run);
    const ms = Math.round(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    if (res.status !== 200) throw new Error(`the ${run.format} answered ${res.status}`);
    const peak = (fromProc ? rssOf('self')?.peak : undefined) ?? process.resourceUsage().maxRSS * 1024;
    console.log(
      JSON.stringify({
        format: run.format,
        lang: run.lang,
        rows,
        ms,
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        bytes: res.bytes,
        rssBeforeMB: mb(rssBefore),
        peakRssMB: mb(peak),
        fileMB: mb(peak - rssBefore),
      }),
    );
  } finally {
    await app.close();
    await closeDatabase(db);
  }
}

function fileInChild(run: FileRun): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child'], {
      env: { ...process.env, BENCH_REPORT_FILE: JSON.stringify(run) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the ${run.format} run failed (${code})`)),
    );
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--child')) {
    await fileInThisProcess(JSON.parse(process.env.BENCH_REPORT_FILE ?? '{}') as FileRun);
    return;
  }
  const runs = intArg('runs', 3);
  const reservations = intArg('reservations', 360_000);
  const workers = textArg('workers') ?? '1';
  const formats = listArg<'pdf' | 'xlsx'>('formats', ['pdf', 'xlsx']);
  const langs = listArg<'en' | 'bn'>('langs', ['en', 'bn']);
  const given = textArg('file');
  const dir = given ? path.dirname(given) : mkdtempSync(path.join(tmpdir(), 'agent-portal-report-files-bench-'));
  const env = {
    ...benchServerEnv(dir),
    REPORT_WORKERS: workers,
    // A loaded machine may take minutes before a file's first bytes: the idle connection is not cut meanwhile.
    CONNECTION_IDLE_TIMEOUT_SECONDS: '3600',
    ...(given ? { DATABASE_URL: given } : {}),
  };
  try {
    const base = loadConfig(env);
    // The world's company and today, beside the database file, so that a kept file can be given to a later run.
    const worldFile = `${env.DATABASE_URL}.world.json`;
    if (!given || !existsSync(given)) {
      const setup = openDatabase(base.database);
      await migrateToLatest(setup);
      await seedDemoWorld(setup, { clock: systemClock, config: base });
      await setup.destroy();
      const t0 = performance.now();
      const world = seedReportsWorld(env.DATABASE_URL, {
        reservations,
        days: 180,
        end: Date.now() - 60_000,
        timeZone: base.timeZone,
      });
      writeFileSync(worldFile, JSON.stringify({ companyId: world.companyId, today: world.today }));
      console.error(JSON.stringify({ seeded: { reservations, seconds: Math.round((performance.now() - t0) / 1000) } }));
    }
    const { companyId, today } = JSON.parse(readFileSync(worldFile, 'utf8')) as { companyId: number; today: string };
    const body = { companyId, fromDate: addDays(today, -180), toDate: addDays(today, -1), page: 1, pageSize: 50 };
    for (const format of formats)
      for (const lang of langs) for (let i = 0; i < runs; i += 1) await fileInChild({ env, format, lang, body });
  } finally {
    if (given || process.argv.includes('--keep')) console.error(`kept ${env.DATABASE_URL}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
