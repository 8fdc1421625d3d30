import { join } from 'node:path';

/**
 * Where the end-to-end server listens and keeps its scratch database (git
 * ignores tests/artifacts). E2E_PORT and E2E_PORTAL_DIR let two runs share a
 * machine: each gets its own port, database and portal build.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3131);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATABASE = join(process.cwd(), 'tests', 'artifacts', `e2e-${E2E_PORT}.sqlite`);
export const E2E_PORTAL_DIR = process.env.E2E_PORTAL_DIR ?? join(process.cwd(), 'dist');
