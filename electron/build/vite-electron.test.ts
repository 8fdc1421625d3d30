import { describe, expect, it } from 'vitest';
import { electronBuildOptions } from '../vite-electron';

describe('the shell build (vite-plugin-electron)', () => {
  const [main, preload] = electronBuildOptions();

  it('builds main as an ES module at dist-electron/main.js (package.json "main"), runtime packages left external', () => {
    const lib = main?.vite?.build?.lib;
    expect(lib && lib.formats).toEqual(['es']);
    expect(lib && typeof lib.fileName === 'function' ? lib.fileName('es', 'index') : null).toBe('main.js');
    expect(main?.vite?.build?.outDir).toBe('dist-electron');
    const external = main?.vite?.build?.rolldownOptions?.external as (id: string) => boolean;
    for (const id of [
      'electron',
      'electron-store',
      'electron-updater',
      'node-machine-id',
      'electron-updater/out/main',
    ]) {
      expect(external(id)).toBe(true);
    }
    expect(external('zod')).toBe(false);
    expect(external('@agent-portal/contract')).toBe(false);
  });

  it('builds the preload as one CommonJS file, dist-electron/preload.cjs (sandboxed preloads cannot be ESM)', () => {
    const lib = preload?.vite?.build?.lib;
    expect(lib && lib.formats).toEqual(['cjs']);
    expect(lib && typeof lib.fileName === 'function' ? lib.fileName('cjs', 'index') : null).toBe('preload.cjs');
    expect(preload?.vite?.build?.rolldownOptions?.output).toMatchObject({ codeSplitting: false });
  });

  it('never uses the plugin’s entry shortcut (its lib.formats would merge with ours and emit twice)', () => {
    expect(main?.entry).toBeUndefined();
    expect(preload?.entry).toBeUndefined();
  });
});
