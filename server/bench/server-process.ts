import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_DIR } from '../src/config';

/** A free loopback port (asked of the OS, then released for the server to take). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
}

/** The compiled server's entry (`npm run build:server`, scripts/build-server.mjs). */
export const COMPILED_MAIN = path.join(SERVER_DIR, 'dist', 'main.mjs');

/**
 * Starts the real server (src/main.ts) in a process of its own with `env`
 * (its DATABASE_URL shared with others: several server processes on one
 * database) on a free loopback port, and answers once /api/health does.
 * `compiled`: the compiled entry (COMPILED_MAIN, or another build's main.mjs) run with node, as production runs it,
 * instead of tsx on the source.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  options: { compiled?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const tsx = path.join(SERVER_DIR, '..', 'node_modules', '.bin', 'tsx');
  const [command, args] = options.compiled ? [process.execPath, [options.compiled]] : [tsx, ['src/main.ts']];
  const child = spawn(command, args, {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    if (child.exitCode !== null) throw new Error(`server process ended: ${errors}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`server process did not start within 30 s: ${errors}`);
}
