/**
 * vite-plugin-electron's build of the desktop shell, loaded by vite.config.ts
 * only in `--mode electron`:
 * - main: electron/main/index.ts -> dist-electron/main.js (ES module; Electron
 *   45 loads ESM mains; package.json "main" points here)
 * - preload: electron/preload/index.ts -> dist-electron/preload.cjs (CommonJS,
 *   one self-contained file: a sandboxed preload can neither be ESM nor
 *   require anything but 'electron')
 * In `vite` (serve) it also starts Electron and restarts it when main changes,
 * and reloads the page when the preload changes.
 */
import electron, { type ElectronOptions } from 'vite-plugin-electron';
import type { Plugin } from 'vite';

/** Runtime packages the main process loads from node_modules inside the app (never bundled). */
const MAIN_EXTERNALS = ['electron', 'electron-store', 'electron-updater', 'node-machine-id'];

/**
 * Electron's flags in development. The sandbox stays on (the plugin's default
 * passes --no-sandbox); set ELECTRON_NO_SANDBOX=1 only where the OS cannot
 * give Chromium its sandbox (some containers).
 */
function electronArgs(): string[] {
  return process.env.ELECTRON_NO_SANDBOX === '1' ? ['.', '--no-sandbox'] : ['.'];
}

/** The two builds, main and preload (exported for scripts that build the shell alone). */
export function electronBuildOptions(): ElectronOptions[] {
  return [
    {
      // No `entry` shortcut: the plugin would merge its own lib.formats with
      // ours (arrays concatenate) and emit each file twice, once per format.
      onstart: async ({ startup }) => {
        await startup(electronArgs());
      },
      vite: {
        build: {
          outDir: 'dist-electron',
          emptyOutDir: false,
          sourcemap: true,
          // Readable stack traces in the field (the maps do not ship).
          minify: false,
          lib: { entry: 'electron/main/index.ts', formats: ['es'], fileName: () => 'main.js' },
          rolldownOptions: {
            external: (id: string) => MAIN_EXTERNALS.some((name) => id === name || id.startsWith(`${name}/`)),
          },
        },
      },
    },
    {
      onstart: ({ reload }) => {
        reload();
      },
      vite: {
        build: {
          outDir: 'dist-electron',
          emptyOutDir: false,
          sourcemap: true,
          lib: { entry: 'electron/preload/index.ts', formats: ['cjs'], fileName: () => 'preload.cjs' },
          rolldownOptions: {
            external: ['electron'],
            output: { codeSplitting: false },
          },
        },
      },
    },
  ];
}

export function electronPlugins(): Plugin[] {
  return electron(electronBuildOptions());
}
