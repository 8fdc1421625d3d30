import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_DIR } from '../config';

/** The server package's version, read once. */
export const SERVER_VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();
