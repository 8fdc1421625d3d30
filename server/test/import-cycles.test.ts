/**
 * The server has no import circle (issue #34). ESLint's import-x/no-cycle (eslint.config.js) holds value imports;
 * it skips `import type`, and a circle of types is still one knot of modules that can only be read, moved or
 * split together. This walks every import of server/src, types included, and finds the circles (strongly connected
 * files).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../src/config';

const SRC = path.join(SERVER_DIR, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The files of server/src a file imports or re-exports from, `import type` included (static imports only). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^'";]*?(?:\bfrom\s*)?['"]([^'"]+)['"]/gm)].map(
    (m) => m[1]!,
  );
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => path.resolve(path.dirname(file), s))
    .map((base) =>
      [base, `${base}.ts`, `${base}.mjs`, path.join(base, 'index.ts')].find(
        (f) => /\.(ts|mjs)$/.test(f) && existsSync(f),
      ),
    )
    .filter((f): f is string => f !== undefined);
}

/** Tarjan's strongly connected components of more than one file: each is a circle (or several sharing files). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('server imports', () => {
  const graph = new Map(
    sourceFiles(SRC).map((f) => [path.relative(SRC, f), importsOf(f).map((i) => path.relative(SRC, i))]),
  );

  it('are read (the walk finds the imports it should)', () => {
    expect(graph.get('app.ts')).toContain('services.ts');
    expect(graph.get('modules/passenger/service.ts')).toContain('modules/passenger/repository.ts');
  });

  it('form no circle, type-only imports included', () => {
    const left = circles(graph);
    expect(left).toEqual([]);
  });
});
