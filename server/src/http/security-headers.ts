import type { FastifyInstance } from 'fastify';

/**
 * The built portal's policy. Its index.html has no inline script (Vite writes
 * module scripts and preloads as files), so scripts come from this origin
 * only; antd writes its CSS-in-JS as <style> elements, hence inline styles;
 * QR codes, icons and the ticket's embedded Bengali font are data: URLs (the
 * ticket's srcdoc frames inherit this policy). Calls may go to any http(s)
 * origin: the agency server's address is a setting of the counter (Settings >
 * Server tests a new address before saving it), not always this origin;
 * scripts still come only from here, so no other origin's code runs.
 */
const policy = (connectSrc: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

export const PORTAL_CSP = policy("'self' http: https:");

/**
 * Swagger UI at /docs: its page loads its scripts from files too, and the
 * same policy fits it (inline styles for its React components, data: icons,
 * "Try it out" calls this origin only).
 */
export const DOCS_CSP = policy("'self'");

/** API answers are data, never a document: nothing may load from or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Headers on every answer (pages, files, API, errors, 404s): no MIME
 * sniffing, no referrer, no framing, a CSP per kind of answer. API answers
 * carry personal data (names, phones, balances), so they are never stored by
 * a browser or proxy (a route that set its own Cache-Control keeps it).
 */
export function installSecurityHeaders(app: FastifyInstance, options: { docsPath: string }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = isUnder(path, '/api');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', isApi ? API_CSP : isUnder(path, options.docsPath) ? DOCS_CSP : PORTAL_CSP);
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
