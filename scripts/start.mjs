#!/usr/bin/env node
// `npm start`: the reference server on its SQLite database (created and
// seeded on first start) plus the desktop app pointed at it. Where Electron's
// binary is missing and cannot be fetched, it says so in one line and serves
// the portal in the browser instead. `npm start -- --browser` skips Electron.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinaryPath, fetchElectronBinary } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverPort = Number(process.env.PORT ?? 3030);
const serverUrl = `http://127.0.0.1:${serverPort}`;
const children = [];

function run(command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code, signal) => {
    // One part stopping stops the whole app: a portal without its server is useless.
    if (!stopping) {
      console.error(`${args.join(' ')} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function serverIsUp() {
  try {
    const response = await fetch(`${serverUrl}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

async function waitForServer(timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await serverIsUp()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');

if (await serverIsUp()) {
  console.log(`A reference server already answers at ${serverUrl}; using it.`);
} else {
  // Request logs would drown the portal's output; LOG_LEVEL=info brings them back. `npm start` is the demo
  // (demo world, open device approval, /docs) even in a shell with NODE_ENV=production; APP_MODE overrides.
  run(process.execPath, ['--import', 'tsx', join('server', 'src', 'main.ts')], {
    PORT: String(serverPort),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    APP_MODE: process.env.APP_MODE ?? 'demo',
  });
  if (!(await waitForServer())) {
    console.error(`The reference server did not answer at ${serverUrl}/api/health within 60 s.`);
    stop(1);
  }
}

const browserOnly = process.argv.includes('--browser');
const electron = browserOnly ? null : (electronBinaryPath() ?? (await fetchElectronBinary()));
if (electron) {
  run(process.execPath, [viteBin, '--mode', 'electron'], { AGENT_SERVER_URL: serverUrl });
} else {
  const portalPort = Number(process.env.PORTAL_PORT ?? 5173);
  if (!browserOnly) {
    console.log(
      `Electron's binary is not on this machine and could not be downloaded, so the portal opens in the browser instead: http://127.0.0.1:${portalPort}/`,
    );
  } else {
    console.log(`Portal: http://127.0.0.1:${portalPort}/`);
  }
  run(process.execPath, [viteBin, '--port', String(portalPort), '--strictPort', '--host', '127.0.0.1'], {
    AGENT_SERVER_URL: serverUrl,
  });
}
