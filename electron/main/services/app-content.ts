import path from 'node:path';

/**
 * Serves the built portal (dist/) on the privileged app:// scheme with a
 * strict Content-Security-Policy header. Pure request-in, response-out, so
 * it runs in Node tests as it runs under protocol.handle.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'portal';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface AppContentDeps {
  distDir: string;
  readFile: (file: string) => Promise<Uint8Array>;
  csp: () => string;
}

/** Maps a request path to a file inside distDir, or null when it would leave it. */
export function resolveDistPath(distDir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const root = path.resolve(distDir);
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

export function createAppContentHandler(deps: AppContentDeps): (request: Request) => Promise<Response> {
  const headers = (contentType: string): Record<string, string> => ({
    'Content-Type': contentType,
    'Content-Security-Policy': deps.csp(),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  });

  const serve = async (file: string): Promise<Response | null> => {
    try {
      const body = await deps.readFile(file);
      const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
      return new Response(body as BodyInit, { status: 200, headers: headers(type) });
    } catch {
      return null;
    }
  };

  return async (request) => {
    const url = new URL(request.url);
    if (`${url.protocol}//${url.host}` !== APP_ORIGIN || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return new Response('Not found', { status: 404, headers: headers('text/plain; charset=utf-8') });
    }
    const pathname = url.pathname === '/' ? '/index.html' : url.pathname;
    const file = resolveDistPath(deps.distDir, pathname);
    const found = file ? await serve(file) : null;
    if (found) return found;
    // A client-side route (no file extension) gets the portal itself; /api never
    // does: in the shell the portal calls the configured server, not its own origin.
    if (path.extname(pathname) === '' && !pathname.startsWith('/api/')) {
      const index = await serve(path.join(deps.distDir, 'index.html'));
      if (index) return index;
    }
    return new Response('Not found', { status: 404, headers: headers('text/plain; charset=utf-8') });
  };
}
