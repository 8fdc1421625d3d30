/**
 * A report worker's thread (modules/reports/pool.ts): loads worker-main.ts,
 * which runs report queries on its own read-only connection and renders
 * files, off the server's thread.
 *
 * Plain JavaScript: Node 20 does not carry --import tsx into worker threads,
 * so this file registers tsx for the thread before it loads the TypeScript.
 */
import { register } from 'tsx/esm/api';

register();
await import(new URL('./worker-main.ts', import.meta.url).href);
