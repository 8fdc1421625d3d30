/**
 * Start-up benchmark: `npm run bench:startup [-- --runs 5] [-- --database postgres://…]`.
 *
 * How long a server killed with `kill -9` takes to answer again: from the spawn of a new process to the first 200 of
 * GET /api/health, which comes after the migration check, the start-up preparation (prepareDatabase: the demo
 * world's trips topped up, the lapsed bookings swept) and the retention sweep, on a database a killed server left
 * (its WAL not checkpointed on SQLite). Two ways to run the server, interleaved run by run so the machine's
 * load falls on both alike:
 * - compiled: `node server/dist/main.mjs`, as production runs it (built first by scripts/build-server.mjs);
 * - tsx: `node --import tsx src/main.ts`, as `npm start` runs it (TypeScript compiled as each module loads; tsx's
 *   own disk cache is warm after the first run).
 * Each run is killed with SIGKILL once it answers. The database is made (and the demo world seeded) by one
 * unmeasured start first. `node -e 0` is timed too: the floor any start pays on this machine.
 *
 * Prints one JSON line per run and one summary line (cpuMs: the server process's CPU time by then, Linux only):
 * {"bench":"startup","runs":5,"ms":{"compiled":{"min":..,"median":..,"max":..},"tsx":{...},"node":{...}},
 *  "cpuMs":{"compiled":{...},"tsx":{...}},"load1":..}
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_DIR } from '../src/config';
import { intArg, median } from './scratch';
import { COMPILED_MAIN, freePort } from './server-process';

function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

type Way = 'compiled' | 'tsx';

/**
 * The CPU milliseconds a process has used so far (all its threads, user and system), from /proc on Linux (null
 * elsewhere): on a loaded machine the wall time of a start grows with the load, its CPU time much less.
 */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
  } catch {
    return null;
  }
}

/**
 * Spawns the server one way, and answers the milliseconds until /api/health answered 200 and the CPU milliseconds it
 * had used by then; then kills it (-9).
 */
async function startAndKill(way: Way, env: Record<string, string>): Promise<{ ms: number; cpuMs: number | null }> {
  const port = await freePort();
  const started = performance.now();
  // tsx as a loader in the server's own process (the tsx command would start it as a child, whose CPU is not seen).
  const args = way === 'compiled' ? [COMPILED_MAIN] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the ${way} server ended: ${errors}`);
      if (performance.now() - started > 60_000) throw new Error(`the ${way} server did not answer in 60 s: ${errors}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return { ms: Math.round(performance.now() - started), cpuMs: cpuMsOf(child.pid) };
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { min: sorted[0] ?? 0, median: median(sorted), max: sorted[sorted.length - 1] ?? 0 };
};

async function main(): Promise<void> {
  const runs = intArg('runs', 5);
  const database = textArg('database');
  if (!process.argv.includes('--no-build'))
    execFileSync(process.execPath, [path.join(SERVER_DIR, '..', 'scripts', 'build-server.mjs')], { stdio: 'inherit' });
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-portal-startup-bench-'));
  const env = { DATABASE_URL: database ?? path.join(dir, 'bench.sqlite'), LOG_LEVEL: 'warn' };
  try {
    await startAndKill('compiled', env);
    const times: Record<Way | 'node', number[]> = { compiled: [], tsx: [], node: [] };
    const cpu: Record<Way, number[]> = { compiled: [], tsx: [] };
    for (let run = 1; run <= runs; run += 1) {
      const line: Record<string, number> = { run };
      for (const way of run % 2 ? (['compiled', 'tsx'] as const) : (['tsx', 'compiled'] as const)) {
        const { ms, cpuMs } = await startAndKill(way, env);
        times[way].push(ms);
        line[way] = ms;
        if (cpuMs !== null) {
          cpu[way].push(cpuMs);
          line[`${way}CpuMs`] = cpuMs;
        }
      }
      const before = performance.now();
      spawnSync(process.execPath, ['-e', '0']);
      line.node = Math.round(performance.now() - before);
      times.node.push(line.node);
      console.log(JSON.stringify({ bench: 'startup', ...line }));
    }
    console.log(
      JSON.stringify({
        bench: 'startup',
        engine: database ? 'postgres' : 'sqlite',
        runs,
        ms: { compiled: stats(times.compiled), tsx: stats(times.tsx), node: stats(times.node) },
        cpuMs: { compiled: stats(cpu.compiled), tsx: stats(cpu.tsx) },
        load1: Math.round(loadavg()[0]! * 10) / 10,
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
