#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest (the static ones two at a time). Each step runs
// even when an earlier independent one failed, so one run shows everything
// that is wrong; steps that need an earlier one's output are skipped instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const node = process.execPath;
// CI keeps only the tail of a run's output, where the end-to-end tests' lines push vitest's list of failures out:
// its JSON report names them again in the summary.
const reports = mkdtempSync(join(tmpdir(), 'agent-portal-checks-'));
const vitestReport = join(reports, 'vitest.json');

/**
 * The static checks: each one process on one core, and none needs another's output, so they run STATIC_LANES at a
 * time (a machine of 2 cores: about 1.5 min off the 3 they took one after the other), each one's output printed
 * whole when it ends.
 */
const STATIC_LANES = 2;
const staticSteps = [
  { name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { name: 'format (Prettier)', command: bin('prettier'), args: ['--check', '.', '--log-level=warn'] },
  ...['contract', 'server', 'tsconfig.app.json', 'tsconfig.electron.json', 'tsconfig.node.json'].map((project) => ({
    name: `typecheck ${project}`,
    command: bin('tsc'),
    args: ['-p', project],
  })),
];
const steps = [
  {
    name: 'unit and integration tests',
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    failures: () => vitestFailures(vitestReport),
  },
  { name: 'portal build', command: bin('vite'), args: ['build'], produces: 'build' },
  { name: 'bundle size', command: node, args: ['scripts/bundle-size.mjs', '--check'], needs: 'build' },
  {
    name: 'electron security (electronegativity)',
    command: node,
    args: ['scripts/electronegativity.mjs'],
    needs: 'build',
  },
  { name: 'end-to-end tests (Chromium)', command: bin('playwright'), args: ['test'], needs: 'build' },
];

/** `file › test: first line of its error` for each failed test of a vitest JSON report (none when it is missing). */
function vitestFailures(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return report.testResults.flatMap((f) => [
    ...(f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')
      ? [`${f.name.replace(`${root}/`, '')}: ${(f.message ?? '').split('\n')[0]}`]
      : []),
    ...f.assertionResults
      .filter((a) => a.status === 'failed')
      .map((a) => `${f.name.replace(`${root}/`, '')} › ${a.fullName}: ${(a.failureMessages[0] ?? '').split('\n')[0]}`),
  ]);
}

/** Runs a step with its output gathered, and prints it under the step's name when it ends. */
function runGathered(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${step.name}`);
      if (output) process.stdout.write(output);
      const seconds = (Date.now() - started) / 1000;
      resolve({ name: step.name, status: code === 0 ? 'passed' : 'failed', seconds, failures: [] });
    });
  });
}

const results = [];
{
  const queue = [...staticSteps];
  const done = new Map();
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) done.set(step, await runGathered(step));
  };
  await Promise.all(Array.from({ length: STATIC_LANES }, lane));
  // The summary lists them in their order, whichever ended first.
  for (const step of staticSteps) results.push(done.get(step));
}

const produced = new Set();
for (const step of steps) {
  if (step.needs && !produced.has(step.needs)) {
    results.push({ name: step.name, status: 'skipped', seconds: 0 });
    continue;
  }
  console.log(`\n=== ${step.name}`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const ok = run.status === 0;
  if (ok && step.produces) produced.add(step.produces);
  const failures = ok || !step.failures ? [] : step.failures();
  results.push({ name: step.name, status: ok ? 'passed' : 'failed', seconds: (Date.now() - started) / 1000, failures });
}
rmSync(reports, { recursive: true, force: true });

console.log('\n=== summary');
for (const r of results) {
  console.log(`${r.status.padEnd(8)} ${r.seconds.toFixed(1).padStart(7)} s  ${r.name}`);
  for (const line of (r.failures ?? []).slice(0, 20)) console.log(`           ${line.slice(0, 400)}`);
}
const passed = results.filter((r) => r.status === 'passed').length;
const failed = results.filter((r) => r.status !== 'passed').length;
console.log(`checks: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
