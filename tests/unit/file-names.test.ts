import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const FOLDERS = ['src', 'server/src', 'server/test', 'server/bench', 'contract/src', 'electron', 'tests', 'scripts'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-electron', 'artifacts', 'test-results']);

/** kebab-case words, then any dotted suffixes: seat-map.test.tsx, report-worker.mjs. */
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*$/;
/**
 * Named by convention, not by us: README.md, and the migrations, whose names
 * (0001_foundation...) are stored in every database that ran them.
 */
const EXEMPT = [/^README\.md$/, /^server\/src\/db\/migrations\/\d{4}_[a-z0-9_]+\.ts$/];

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED_FOLDERS.has(entry.name)) return [];
    const path = join(folder, entry.name);
    return entry.isDirectory() ? [path + '/', ...filesUnder(path)] : [path];
  });
}

describe('file and folder names', () => {
  it('are kebab-case', () => {
    const offenders = FOLDERS.flatMap(filesUnder)
      .map((path) => relative('.', path))
      .filter((path) => {
        const name = path.replace(/\/$/, '').split('/').pop()!;
        return !KEBAB.test(name) && !EXEMPT.some((rule) => rule.test(name) || rule.test(path));
      });
    expect(offenders).toEqual([]);
  });
});
