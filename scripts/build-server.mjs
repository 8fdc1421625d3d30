#!/usr/bin/env node
// `npm run build:server`: the server (and the contract it imports) compiled to plain JavaScript in server/dist/,
// which production runs with `node server/dist/main.mjs` (the operator's commands: `node server/dist/cli.mjs`):
// no tsx and no TypeScript compiler at run time (issue #34: a restarted server answers in well under 2 s).
//
// esbuild bundles each entry with the contract's TypeScript and the plain-JavaScript npm packages (fastify, kysely,
// zod, pg...): a start then reads a few files instead of resolving and compiling some 400 files of node_modules,
// a quarter of a start's CPU. The packages in KEEP_AS_IMPORTS stay imports (node_modules is still needed).
// The worker threads are entries of their own, named as the code that starts them names them
// (new URL('./report-worker.mjs', import.meta.url)): inside a bundle import.meta.url is the bundle's, so the
// name resolves to its compiled neighbour in dist/, as it resolves to the .mjs loader beside the source under tsx.
// Type checking stays `tsc -p server` (npm run typecheck): esbuild only strips the types.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'server');
// --outdir <folder of server/>: a build beside dist/ (test/built-server.test.ts builds one per engine). It must sit
// directly in server/, as dist/ does: the server finds its package folder as the one above its code (config.ts).
const outdirArg = process.argv.indexOf('--outdir');
const outdir = join(server, outdirArg > 0 ? process.argv[outdirArg + 1] : 'dist');
const manifest = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));

/**
 * The npm packages that stay imports, each for a reason a bundle would break: native code, or files read at run time
 * from the package's own folder (fonts, templates, the docs page's assets), or only ever loaded lazily.
 */
const KEEP_AS_IMPORTS = {
  'better-sqlite3': 'native addon',
  'pg-native': "pg's optional native binding (pg asks for it only when told to; absent here)",
  pdfkit: 'reads its font metrics from its own folder (and loads only in a report worker)',
  exceljs: 'loads only in a report worker, with the file renderers',
  '@fastify/static': 'serves files from the folders it is given and its own',
  '@fastify/swagger-ui': "serves the docs page's assets from its own folder",
  tsx: 'the TypeScript loader of `npm start`, never imported by the compiled server',
};
const dependencies = new Set([
  ...Object.keys(manifest('server').dependencies),
  ...Object.keys(manifest('contract').dependencies),
]);
for (const name of Object.keys(KEEP_AS_IMPORTS).filter((n) => n !== 'pg-native'))
  if (!dependencies.has(name))
    throw new Error(`build-server: ${name} is kept as an import but is no dependency any more`);
const external = Object.keys(KEEP_AS_IMPORTS);

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'server/src/main.ts',
    cli: 'server/src/cli.ts',
    // modules/reports/pool.ts starts './report-worker.mjs'; from source that file loads worker-main.ts through tsx.
    'report-worker': 'server/src/modules/reports/worker-main.ts',
    // db/checkpointer.ts starts './checkpoint-worker.mjs' (plain JavaScript already: copied through as is).
    'checkpoint-worker': 'server/src/db/checkpoint-worker.mjs',
    // modules/live/fanout-process.ts forks './fanout-child.mjs'; from source it loads fanout-main.ts through tsx.
    'fanout-child': 'server/src/modules/live/fanout-main.ts',
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // Shared code and what is imported lazily (the PDF and XLSX renderers, modules/reports/files/renderers.ts) go in
  // chunks, loaded when first used. Chunks sit in dist/ itself, beside the entries: the code that names a file by
  // its own import.meta.url (config.ts's SERVER_DIR, the workers' URLs) finds it wherever it is bundled.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // Stack traces point into the source with `node --enable-source-maps`.
  sourcemap: 'linked',
  logLevel: 'warning',
  // The bundled CommonJS packages call require() (for node's own modules too), which an ES module lacks.
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
  },
  metafile: true,
});
const sizes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.mjs') && !file.includes('/chunk-'))
  .map(([file, { bytes }]) => `${file} ${(bytes / 1024).toFixed(0)} KB`);
const chunks = Object.keys(result.metafile.outputs).filter((file) => /\/chunk-[^/]*\.mjs$/.test(file)).length;
console.log(`server built in ${Date.now() - started} ms: ${sizes.join(', ')} (and ${chunks} shared or lazy chunks)`);
