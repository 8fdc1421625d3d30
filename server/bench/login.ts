/**
 * Login benchmark: `node --import tsx server/bench/login.ts [--cost 15] [--logins 100]`.
 *
 * Builds a scratch database (migrated, demo world seeded with password
 * hashes at scrypt N = 2^cost, r = 8, p = 1; PASSWORD_HASH_COST for the
 * server too), then signs the demo user `agent` in `--logins` times, one
 * after another, over the real HTTP app (app.inject: routing, validation,
 * the limits, the user look-up, scrypt, the session insert), after one
 * warm-up login. The limits are lifted so every login runs. Also times the
 * bare scrypt derivation as CPU time, to tell the hash's own cost from the
 * machine's load.
 *
 * Prints ONE JSON line to stdout:
 * {"bench":"login","cost":15,"logins":100,"ms":{"p50":..,"p99":..,"max":..},"scryptCpuMs":{"p50":..},"load1":..}
 */
import { scryptSync } from 'node:crypto';
import { loadavg } from 'node:os';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { intArg, median, timeRuns, withScratchDatabase } from './scratch';

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main(): Promise<void> {
  const cost = intArg('cost', 15);
  const logins = intArg('logins', 100);
  const env = {
    PASSWORD_HASH_COST: String(cost),
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100000',
    LOGIN_BACKOFF_FREE_FAILURES: '1000',
    BOOKING_SWEEP_SECONDS: '0',
  };
  await withScratchDatabase('agent-portal-login-bench-', env, async ({ config }) => {
    const db = openDatabase(config.database);
    const app = await buildApp({ config, db, clock: systemClock });
    try {
      const login = async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'agent', password: 'Agent@123' },
        });
        if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
      };
      const times = await timeRuns(login, logins);
      const cpu: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        const before = process.cpuUsage();
        scryptSync('Agent@123', 'a-sixteen-byte-s', 32, {
          N: 2 ** cost,
          r: 8,
          p: 1,
          maxmem: 256 * 2 ** cost * 8 + 1024 * 1024,
        });
        const used = process.cpuUsage(before);
        cpu.push(Math.round((used.user + used.system) / 100) / 10);
      }
      cpu.sort((a, b) => a - b);
      console.log(
        JSON.stringify({
          bench: 'login',
          cost,
          logins,
          ms: { p50: median(times), p99: percentile(times, 99), max: times[times.length - 1] },
          scryptCpuMs: { p50: median(cpu) },
          load1: Math.round((loadavg()[0] ?? 0) * 100) / 100,
        }),
      );
    } finally {
      await app.close();
      await db.destroy();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
