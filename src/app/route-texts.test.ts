/**
 * Each route loads only its own i18n namespaces (route-table.tsx `texts`) on
 * top of the start-up ones (lib/i18n/namespaces.ts). A namespace a screen
 * uses but its route does not load would show keys, so this reads the
 * sources: every module a route's page imports (statically, or lazily from
 * inside the page) may use only the namespaces the route loads.
 */
import { describe, expect, it } from 'vitest';
import { STARTUP_NAMESPACES } from '../lib/i18n/namespaces';
import { ROUTE_TABLE } from './route-table';

const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const NAMESPACES = Object.keys(import.meta.glob('/src/locales/en/*.json')).map((path) =>
  path.replace(/^.*\/([^/]+)\.json$/, '$1'),
);
/** The route table's dynamic imports are the other routes: not part of any one page. */
const ROUTE_MODULES = new Set(['/src/app/route-table.tsx', '/src/app/router.tsx']);

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/');
  return ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((ext) => base + ext).find((path) => path in SOURCES);
}

/** The namespaces one module's code names: useTranslation's, `ns:` options and `namespace:key` keys. */
function namespacesIn(source: string): Set<string> {
  const found = new Set<string>();
  for (const [, args] of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const named = [...(args ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '');
    for (const ns of named.length > 0 ? named : ['common']) found.add(ns);
  }
  for (const [, list] of source.matchAll(/\bns:\s*(\[[^\]]*\]|'[^']*')/g))
    for (const [, ns] of (list ?? '').matchAll(/'([^']+)'/g)) found.add(ns ?? '');
  for (const [, ns] of source.matchAll(/['`"]([a-z-]+):[A-Za-z$]/g))
    if (NAMESPACES.includes(ns ?? '')) found.add(ns ?? '');
  return found;
}

/** Every module a module brings along (static imports; lazy imports too, except the route table's). */
function closure(module: string, seen = new Set<string>()): Set<string> {
  if (seen.has(module)) return seen;
  seen.add(module);
  const source = SOURCES[module] ?? '';
  const imports = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gm),
    ...source.matchAll(/^\s*import\s+'([^']+)'/gm),
    ...(ROUTE_MODULES.has(module) ? [] : source.matchAll(/\bimport\('([^']+)'\)/g)),
  ];
  for (const [, specifier] of imports) {
    const target = resolve(module, specifier ?? '');
    if (target) closure(target, seen);
  }
  return seen;
}

function namespacesOf(module: string): string[] {
  const modules = closure(module);
  return [...new Set([...modules].flatMap((m) => [...namespacesIn(SOURCES[m] ?? '')]))].sort();
}

/** The page module of each route, read from the route table's source. */
function pageModuleOf(path: string): string {
  const table = SOURCES['/src/app/route-table.tsx'] ?? '';
  const lazyConst = (name: string) => new RegExp(`const ${name} = \\(\\) => import\\('([^']+)'\\)`).exec(table)?.[1];
  const report = /^\/report\/(.+)$/.exec(path);
  const start = report ? table.search(new RegExp(`report\\(\\s*'${report[1]}'`)) : table.indexOf(`path: '${path}',`);
  const after = table.slice(start);
  const call = /import\('([^']+)'\)|\b(reports|errors)\(\)/.exec(after);
  const specifier = call?.[1] ?? lazyConst(call?.[2] ?? '');
  const module = specifier ? resolve('/src/app/route-table.tsx', specifier) : undefined;
  if (start < 0 || !module) throw new Error(`no page module found for ${path}`);
  return module;
}

const startup = new Set(STARTUP_NAMESPACES);

describe('the texts each route loads', () => {
  it('start with only what every screen uses, all of it real namespaces', () => {
    expect(namespacesOf('/src/main.tsx').filter((ns) => !startup.has(ns))).toEqual([]);
    for (const ns of [...STARTUP_NAMESPACES, ...ROUTE_TABLE.flatMap((r) => r.texts ?? [])])
      expect(NAMESPACES).toContain(ns);
  });

  it('the signed-in shell and the report shell need nothing beyond the start-up texts', () => {
    for (const shell of ['/src/app/routes/portal-shell.tsx', '/src/app/routes/report-shell.tsx'])
      expect(namespacesOf(shell).filter((ns) => !startup.has(ns))).toEqual([]);
  });

  it.each(ROUTE_TABLE.map((r) => [r.path, r] as const))('%s loads every namespace its page uses', (_, entry) => {
    const loaded = new Set([...STARTUP_NAMESPACES, ...(entry.texts ?? [])]);
    const used = namespacesOf(pageModuleOf(entry.path));
    expect(used.filter((ns) => !loaded.has(ns))).toEqual([]);
    // And no more than it uses.
    expect((entry.texts ?? []).filter((ns) => !used.includes(ns))).toEqual([]);
  });

  it('the sign-in route loads only the sign-in texts beside the start-up ones', () => {
    expect(ROUTE_TABLE.find((r) => r.path === '/login')?.texts).toEqual(['auth']);
  });
});
