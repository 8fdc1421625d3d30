import { originOf } from './origin';

/**
 * The portal's Content-Security-Policy: only its own scripts run; styles may
 * be inline because antd injects them; it talks to itself and to the
 * configured agency server only.
 */
export function buildPortalCsp(serverUrl: string): string {
  const server = originOf(serverUrl);
  const connect = ["'self'", ...(server ? [server] : [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of a ticket rendered for printing: no script of its own runs
 * and nothing is fetched; fonts and images must be embedded as data: URLs.
 */
export const TICKET_CSP =
  "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
