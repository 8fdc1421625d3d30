#!/usr/bin/env node
/**
 * Runs Doyensec's Electronegativity over the desktop shell's sources
 * (electron/, tests left out) and, when it has been built, the portal (dist/),
 * and exits non-zero on any finding or any file it could not parse.
 *
 * - Both trees are copied into one temporary folder and scanned together, so
 *   global checks (CSP, navigation limits, permission handler) see the whole
 *   app at once.
 * - AvailableSecurityFixesGlobalCheck is excluded: it asks the network for
 *   Electron's release list and hangs offline.
 * - Electronegativity carries its own TypeScript 4.2 parser
 *   (node_modules/@doyensec/electronegativity/node_modules/typescript), which
 *   is why the shell avoids TypeScript syntax newer than 4.2 (`satisfies`,
 *   `override`, `accessor`); a file it cannot parse fails this script.
 * - The portal's Content-Security-Policy is sent by the app:// handler as a
 *   header built at runtime (its connect-src names the configured server), so
 *   no scanner can read it from the sources. The scan copy of dist/index.html
 *   therefore gets that policy, as built by electron/main/security/csp.ts for
 *   the default server, as a <meta http-equiv> tag: the CSP check then
 *   evaluates the real policy. (Without dist/ a stub page carries it.) It
 *   is built for an https server (AGENT_PORTAL_SCAN_SERVER_URL, default
 *   https://agency.example.org), the shape of a real deployment; the default
 *   http://127.0.0.1:3030 is the local reference server.
 *   One evaluator note is accepted, and only that one: "'self' in script-src
 *   can be problematic if you host JSONP, Angular or user uploaded files".
 *   app://portal serves nothing but the portal's own built files, so it does
 *   not apply. Any other weakness of the policy still fails the scan.
 * - Electronegativity's scope analyser predates class private fields and
 *   fails on Vite's output; the scan copy of dist/**\/*.js is lowered to
 *   ES2020 with esbuild first (same calls, older syntax).
 * - A reviewed false positive is silenced where it occurs with an
 *   `eng-disable <CHECK_ID>` comment that says why.
 *
 *   node scripts/electronegativity.mjs [--verbose]
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];
const TIMEOUT_MS = 180_000;
const verbose = process.argv.includes('--verbose');

const electronVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const scanRoot = mkdtempSync(path.join(tmpdir(), 'electronegativity-'));
const isScanned = (source) =>
  !/\.test\.[cm]?[jt]sx?$/.test(source) && !source.includes(`${path.sep}node_modules${path.sep}`);

const trees = ['electron', 'dist'].filter((tree) => existsSync(path.join(root, tree)));
for (const tree of trees)
  cpSync(path.join(root, tree), path.join(scanRoot, tree), { recursive: true, filter: isScanned });

/** Every file under `dir` whose name matches `pattern`. */
function filesUnder(dir, pattern) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

// Lower the built portal's JavaScript to syntax the scanner's scope analyser knows.
const { transformSync } = require('esbuild');
for (const file of filesUnder(path.join(scanRoot, 'dist'), /\.m?js$/)) {
  const { code } = transformSync(readFileSync(file, 'utf8'), {
    loader: 'js',
    format: 'esm',
    target: 'es2020',
    legalComments: 'none',
  });
  writeFileSync(file, code);
}

// The page as the app:// handler serves it: with the runtime CSP header, written as a meta tag.
const { tsImport } = await import('tsx/esm/api');
const { buildPortalCsp } = await tsImport('../electron/main/security/csp.ts', import.meta.url);
const { DEFAULT_SERVER_URL } = await tsImport('../electron/main/services/settings.ts', import.meta.url);
const scanServerUrl = process.env.AGENT_PORTAL_SCAN_SERVER_URL ?? 'https://agency.example.org';
const servedCsp = buildPortalCsp(scanServerUrl);
// The evaluator Electronegativity itself uses, resolved from it (not a dependency of ours).
const csp = createRequire(require.resolve('@doyensec/electronegativity'))('@doyensec/csp-evaluator');
const cspNotes = new csp.CspEvaluator(new csp.CspParser(servedCsp).csp, csp.Version.CSP3).evaluate();
const isAcceptedNote = (note) =>
  note.directive === 'script-src' && note.value === "'self'" && note.severity === csp.severities.MEDIUM_MAYBE;
const otherNotes = cspNotes.filter((note) => !isAcceptedNote(note));
for (const note of otherNotes)
  console.error(`CSP note [${note.severity}] ${note.directive} ${note.value ?? ''}: ${note.description}`);
// The annotation covers exactly the accepted note; with any other note the scanner reports the policy.
const cspMeta =
  `<meta http-equiv="Content-Security-Policy" content="${servedCsp}">` +
  (otherNotes.length === 0 && cspNotes.length > 0 ? '<!-- eng-disable CSP_GLOBAL_CHECK -->' : '');
console.log(`served CSP (default server ${DEFAULT_SERVER_URL}; scanned for ${scanServerUrl}): ${servedCsp}`);
const servedIndex = path.join(scanRoot, 'dist', 'index.html');
if (existsSync(servedIndex)) {
  const html = readFileSync(servedIndex, 'utf8');
  writeFileSync(
    servedIndex,
    /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${cspMeta}`) : cspMeta + html,
  );
} else {
  mkdirSync(path.join(scanRoot, 'served'), { recursive: true });
  writeFileSync(
    path.join(scanRoot, 'served', 'index.html'),
    `<!doctype html><html><head>${cspMeta}</head><body></body></html>`,
  );
}

const watchdog = setTimeout(() => {
  console.error(`electronegativity: no result after ${TIMEOUT_MS / 1000} s`);
  process.exit(2);
}, TIMEOUT_MS);

let exitCode = 0;
try {
  const run = require('@doyensec/electronegativity');
  const result = await run({
    input: scanRoot,
    excludeFromScan: EXCLUDED_CHECKS,
    electronVersionOverride: electronVersion,
    isRelative: true,
    severitySet: 'informational',
    confidenceSet: 'tentative',
  });
  const parseErrors = result.errors.filter((error) => !error.tolerable);
  for (const error of result.errors) {
    const line = `${error.tolerable ? 'warning' : 'error'}: ${path.relative(scanRoot, error.file)}: ${error.message}`;
    if (!error.tolerable || verbose) console.error(line);
  }
  for (const issue of result.issues) {
    console.error(
      `${issue.id} [${issue.severity.name}/${issue.confidence.name}] ${issue.file}:${issue.location.line}:${issue.location.column}` +
        `${issue.sample ? `\n    ${String(issue.sample).trim().slice(0, 160)}` : ''}` +
        `${verbose ? `\n    ${issue.description} ${issue.shortenedURL ?? ''}` : ''}`,
    );
  }
  console.log(
    `electronegativity ${require('@doyensec/electronegativity/package.json').version}: scanned ${trees.join(' + ')} ` +
      `(Electron ${electronVersion}; ${result.globalChecks} global and ${result.atomicChecks} atomic checks; excluded ${EXCLUDED_CHECKS.join(', ')}): ` +
      `${result.issues.length} finding(s), ${parseErrors.length} unparsable file(s)`,
  );
  if (result.issues.length > 0 || parseErrors.length > 0) exitCode = 1;
} catch (error) {
  console.error(`electronegativity failed: ${error instanceof Error ? error.stack : String(error)}`);
  exitCode = 2;
} finally {
  clearTimeout(watchdog);
  rmSync(scanRoot, { recursive: true, force: true });
}
process.exit(exitCode);
