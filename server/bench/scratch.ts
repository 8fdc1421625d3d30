/**
 * Shared bits of the big-data benchmarks (records.ts, reports.ts): command
 * line numbers, a scratch database in the OS temp folder (migrated, demo
 * world seeded, deleted at the end unless --keep), and timed runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig, type Config } from '../src/config';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { seedDemoWorld } from '../src/db/seed';
import { systemClock } from '../src/lib/clock';

/** `--name N` from the command line: a positive whole number, or the fallback. */
export function intArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

export interface Scratch {
  file: string;
  config: Config;
}

/**
 * Runs `body` on a fresh scratch database file (migrated, demo world seeded)
 * and deletes its folder afterwards; `--keep` leaves it for a look at the
 * query plans.
 */
export async function withScratchDatabase<T>(
  prefix: string,
  env: Record<string, string>,
  body: (scratch: Scratch) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const file = path.join(dir, 'bench.sqlite');
  try {
    const config = loadConfig({ DATABASE_URL: file, LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '10', ...env });
    const setup = openDatabase(config.database);
    await migrateToLatest(setup);
    await seedDemoWorld(setup, { clock: systemClock, config });
    await setup.destroy();
    return await body({ file, config });
  } finally {
    if (process.argv.includes('--keep')) console.error(`kept ${file}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds of `runs` calls after one warm-up call, sorted ascending, 2 decimals. */
export async function timeRuns(run: () => Promise<unknown>, runs: number): Promise<number[]> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b).map((t) => Math.round(t * 100) / 100);
}

/** The middle value of sorted numbers (the upper one of an even count). */
export const median = (sorted: readonly number[]): number => sorted[Math.floor(sorted.length / 2)] ?? 0;
