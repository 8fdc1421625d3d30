/**
 * More reference servers for the specs that need them (the live-counter specs): one started the way
 * start-server.mjs starts the suite's own (the demo world, the built portal on its origin, the suite's fixed clock,
 * generous sign-in limits), on a port and database of the caller's: a second process on one PostgreSQL database, or a
 * server with live events off.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_NOW } from './clock';
import { E2E_PORTAL_DIR } from './env';

export interface E2eServer {
  baseUrl: string;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s) and waits for it to end. */
  stop: () => Promise<void>;
}

/** A scratch SQLite file for a server of its own (removed first, with its WAL files). */
export function scratchSqlite(port: number): string {
  const file = join(process.cwd(), 'tests', 'artifacts', `e2e-${port}.sqlite`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  return file;
}

async function healthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`the server on ${baseUrl} ended (${child.exitCode}): ${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server on ${baseUrl} did not answer within 120 s: ${output()}`);
}

export async function startE2eServer(options: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<E2eServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(process.cwd(), 'server', 'src', 'main.ts')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      PORTAL_DIR: E2E_PORTAL_DIR,
      APP_MODE: 'demo',
      FIXED_NOW: E2E_NOW,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '10000',
      OTP_RATE_LIMIT_PER_HOUR: '1000',
      OTP_RATE_LIMIT_PER_ADDRESS_PER_HOUR: '10000',
      PNR_RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  await healthy(baseUrl, child, () => output);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await ended;
    clearTimeout(timer);
  };
  return { baseUrl, stop };
}
