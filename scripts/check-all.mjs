#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. Each step runs
// even when an earlier independent one failed, so one run shows everything
// that is wrong; steps that need an earlier one's output are skipped instead.
import { spawnSync } from 'node:child_process';
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

const steps = [
  { name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { name: 'format (Prettier)', command: bin('prettier'), args: ['--check', '.', '--log-level=warn'] },
  ...['contract', 'server', 'tsconfig.app.json', 'tsconfig.electron.json', 'tsconfig.node.json'].map((project) => ({
    name: `typecheck ${project}`,
    command: bin('tsc'),
    args: ['-p', project],
  })),
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

const produced = new Set();
const results = [];
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
