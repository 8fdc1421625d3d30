import { join } from 'node:path';

/** Where the end-to-end server keeps its scratch database (git ignores tests/artifacts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3131);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATABASE = join(process.cwd(), 'tests', 'artifacts', 'e2e.sqlite');
