#!/usr/bin/env node
// Starts the reference server for the end-to-end tests: a fresh seeded
// database under tests/artifacts, the built portal served on the same origin
// (built first when missing), and rate limits high enough for many sign-ins.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const port = process.env.E2E_PORT ?? '3131';
const portalDir = process.env.E2E_PORTAL_DIR ?? join(root, 'dist');
const database = join(root, 'tests', 'artifacts', `e2e-${port}.sqlite`);

if (!existsSync(join(portalDir, 'index.html'))) {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', portalDir, '--emptyOutDir'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
mkdirSync(join(root, 'tests', 'artifacts'), { recursive: true });
for (const suffix of ['', '-wal', '-shm']) rmSync(database + suffix, { force: true });

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'src', 'main.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATABASE_URL: database,
    PORTAL_DIR: portalDir,
    // The demo world, whatever NODE_ENV the shell has.
    APP_MODE: 'demo',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '10000',
    OTP_RATE_LIMIT_PER_HOUR: '1000',
    OTP_RATE_LIMIT_PER_ADDRESS_PER_HOUR: '10000',
    PNR_RATE_LIMIT_PER_MINUTE: '10000',
    LOG_LEVEL: 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
