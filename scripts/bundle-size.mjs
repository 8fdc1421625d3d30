#!/usr/bin/env node
// Prints the gzip size of what the sign-in route loads before it is
// interactive (the entry and the sign-in page with their static imports, their
// CSS, and the English texts they wait for: the start-up namespaces and the
// sign-in route's own, one chunk each) and of each lazily loaded chunk, from
// the built portal's manifest (run `vite build` first; --dist=DIR for another
// output directory than dist). With --check it fails when the sign-in route is
// over budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';

// Issue #17: the sign-in page and what loads before it use no antd (plain markup; antd loads with the shell).
const SIGN_IN_BUDGET_KB = 180;
const SIGN_IN_MODULE = /src\/features\/auth\/.*login.*\.tsx?$/i;

/**
 * The namespaces the sign-in route waits for, read from the sources: the
 * start-up ones (STARTUP_NAMESPACES in src/lib/i18n/namespaces.ts, loaded by
 * bootstrap's initI18n) and the /login entry's `texts` in src/app/route-table.tsx.
 * English, the fallback of every language, is what the budget counts.
 */
function signInNamespaces() {
  const quoted = (list) => [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]);
  const startup = /STARTUP_NAMESPACES[^=]*=\s*\[([^\]]*)\]/.exec(readFileSync('src/lib/i18n/namespaces.ts', 'utf8'));
  const table = readFileSync('src/app/route-table.tsx', 'utf8');
  const login = /path: '\/login',[^}]*?texts: \[([^\]]*)\]/s.exec(table);
  if (!startup || !login) {
    console.error('Could not read STARTUP_NAMESPACES or the /login texts from the sources.');
    process.exit(1);
  }
  return [...quoted(startup[1]), ...quoted(login[1])];
}

const distArg = process.argv.find((arg) => arg.startsWith('--dist='));
const dist = resolve(distArg ? distArg.slice('--dist='.length) : 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** The files a manifest entry loads before it runs: itself and its static imports. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const signInKey = Object.keys(manifest).find((key) => SIGN_IN_MODULE.test(manifest[key].src ?? key));
if (!entryKey || !signInKey) {
  console.error(`Could not find the ${entryKey ? 'sign-in page module' : 'entry'} in dist/.vite/manifest.json.`);
  process.exit(1);
}
const namespaces = signInNamespaces();
const textsKeys = namespaces.map((ns) =>
  // Each namespace is a chunk of its own, named texts-<language>-<namespace> (vite.config.ts's manualChunks).
  Object.keys(manifest).find(
    (key) => manifest[key].name === `texts-en-${ns}` || (manifest[key].src ?? key) === `src/locales/en/${ns}.json`,
  ),
);
if (textsKeys.some((key) => !key)) {
  console.error(`Could not find every English text chunk (${namespaces.join(', ')}) in the manifest.`);
  process.exit(1);
}
const signInKeys = new Set([entryKey, signInKey, ...textsKeys].flatMap((key) => [...staticClosure(key)]));
const jsKb = [...signInKeys].reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);
const cssFiles = new Set([...signInKeys].flatMap((key) => manifest[key].css ?? []));
const cssKb = [...cssFiles].reduce((sum, file) => sum + gzipKb(file), 0);
const signInKb = jsKb + cssKb;

const lazyChunks = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry && chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({ chunk: chunk.src ?? key, file: chunk.file, gzipKb: Number(gzipKb(chunk.file).toFixed(1)) }))
  .sort((a, b) => b.gzipKb - a.gzipKb);

console.log(
  `sign-in route JS+CSS: ${signInKb.toFixed(1)} KB gzip (JS ${jsKb.toFixed(1)} KB in ${signInKeys.size} chunks, with the English texts ${namespaces.join(', ')}; CSS ${cssKb.toFixed(1)} KB in ${cssFiles.size} files; budget ${SIGN_IN_BUDGET_KB} KB)`,
);
console.log('lazy chunks (gzip KB):');
for (const chunk of lazyChunks) console.log(`  ${String(chunk.gzipKb).padStart(7)}  ${chunk.chunk}`);
console.log(JSON.stringify({ signInRouteGzipKb: Number(signInKb.toFixed(1)), lazyChunks: lazyChunks.length }));

if (process.argv.includes('--check') && signInKb > SIGN_IN_BUDGET_KB) {
  console.error(
    `The sign-in route loads ${signInKb.toFixed(1)} KB gzip of JS and CSS, over the ${SIGN_IN_BUDGET_KB} KB budget.`,
  );
  process.exit(1);
}
