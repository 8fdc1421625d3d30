import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The portal builds and serves for the browser by default. Only `--mode
 * electron` loads vite-plugin-electron (imported lazily, so a browser build
 * never touches it), which builds the shell and launches Electron in dev.
 *
 * In the browser the portal calls /api on its own origin; the dev and preview
 * servers proxy that to the reference server (AGENT_SERVER_URL, default
 * http://127.0.0.1:3030).
 */
export default defineConfig(async ({ mode }) => {
  const serverUrl = process.env.AGENT_SERVER_URL ?? 'http://127.0.0.1:3030';
  const plugins: PluginOption[] = [react()];
  if (mode === 'electron') {
    const { electronPlugins } = await import('./electron/vite-electron.ts');
    plugins.push(...electronPlugins());
  }
  const proxy = { '/api': { target: serverUrl, changeOrigin: false } };
  return {
    plugins,
    // Absolute asset paths: the reference server answers every page path
    // (/report/sales-summary, /error/404) with index.html, and the desktop
    // shell serves the same files from the root of app://portal/.
    base: '/',
    server: { port: Number(process.env.PORTAL_PORT ?? 5173), strictPort: false, proxy },
    preview: { port: Number(process.env.PORTAL_PORT ?? 4173), proxy },
    build: {
      outDir: 'dist',
      // The manifest lets scripts/bundle-size.mjs find what each route loads.
      manifest: true,
      chunkSizeWarningLimit: 1500,
      // Large stable libraries get their own chunks so a change of ours does not bust their cache.
      rollupOptions: {
        output: {
          manualChunks(id: string) {
            // Each language's namespace its own chunk, named as texts: a code module of the same name (lib/queries/
            // profile.ts beside locales/en/profile.json) cannot be taken for it (tests/e2e/route-texts.spec.ts).
            const texts = /\/src\/locales\/(\w+)\/([\w-]+)\.json$/.exec(id);
            if (texts) return `texts-${texts[1]}-${texts[2]}`;
            if (!id.includes('node_modules')) return undefined;
            if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
            return undefined;
          },
        },
      },
    },
  };
});
