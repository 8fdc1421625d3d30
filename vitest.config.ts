import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One `vitest run` covers every part; each part is a project with its own
 * environment. The server's tests run on real SQLite databases.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['contract/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'portal',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 20_000,
          // A PC clock zone far from the company's (Asia/Dhaka): what a person reads must not follow it.
          env: { TZ: 'America/New_York' },
        },
      },
      { test: { name: 'electron', include: ['electron/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'cross', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
