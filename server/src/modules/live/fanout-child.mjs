/**
 * The fan-out process's entry (fanout-process.ts forks it): loads fanout-main.ts.
 *
 * Plain JavaScript: the process is forked without the server's own flags, so this file registers tsx before it loads
 * the TypeScript. The compiled server (scripts/build-server.mjs) has a fanout-child.mjs of its own, fanout-main.ts
 * bundled.
 */
import { register } from 'tsx/esm/api';

register();
await import(new URL('./fanout-main.ts', import.meta.url).href);
