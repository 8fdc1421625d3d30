#!/usr/bin/env node
// Installs the dependencies when node_modules is missing or older than the
// lock file, so that `npm start` and `npm test` work on a fresh clone with no
// other step. Plain Node only: it runs before anything is installed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = join(root, 'node_modules', '.agent-portal-install-stamp');
const stampOnly = process.argv.includes('--stamp-only');
const manifests = ['package.json', 'package-lock.json', 'contract/package.json', 'server/package.json'];

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19) || (major === 22 && minor < 12) || major === 21) {
  console.error(`Agent Portal needs Node 20.19+ or 22.12+; this is Node ${process.versions.node}.`);
  process.exit(1);
}

// Only what decides the installed tree counts: editing a script in
// package.json must not trigger a reinstall.
const INSTALL_FIELDS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'overrides',
  'workspaces',
  'allowScripts',
];
const hash = createHash('sha256');
for (const file of manifests) {
  const path = join(root, file);
  if (!existsSync(path)) continue;
  const text = readFileSync(path, 'utf8');
  const relevant = file.endsWith('package-lock.json')
    ? text
    : JSON.stringify(INSTALL_FIELDS.map((field) => JSON.parse(text)[field] ?? null));
  hash.update(file).update(relevant);
}
const wanted = hash.digest('hex');
const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';

if (stampOnly) {
  // For a tree installed by hand: record it as current.
  writeFileSync(stampFile, `${wanted}\n`);
} else if (current !== wanted) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = existsSync(join(root, 'package-lock.json'))
    ? ['ci', '--no-audit', '--no-fund']
    : ['install', '--no-audit', '--no-fund'];
  console.log(`Installing dependencies (npm ${args[0]}); the first time takes a few minutes...`);
  let result = spawnSync(npm, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0 && args[0] === 'ci') {
    // A lock file out of step with package.json (or with what the registry
    // serves) must not keep the app from starting: fall back to npm install.
    console.warn('npm ci failed; trying npm install instead.');
    result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
  }
  if (result.status !== 0) {
    console.error(`Installing the dependencies failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, `${wanted}\n`);
}
