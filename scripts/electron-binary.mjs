// Whether Electron's binary is on this machine, and an attempt to fetch it.
// Since Electron 42 the npm install downloads nothing: the binary comes on
// first launch, which fails on machines without internet access.
import { existsSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function electronPackageDir() {
  try {
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** The path of the Electron executable, or null when it is not downloaded. */
export function electronBinaryPath() {
  const dir = electronPackageDir();
  if (!dir) return null;
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/** Tries Electron's own downloader; resolves to the binary path or null. */
export function fetchElectronBinary(timeoutMs = 120_000) {
  const dir = electronPackageDir();
  if (!dir) return Promise.resolve(null);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(dir, 'install.js')], { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill(), timeoutMs);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(electronBinaryPath());
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
}
