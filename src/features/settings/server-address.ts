/**
 * The server address a counter types in: an http(s) origin, optionally with a
 * path prefix (the portal appends /api/...). Anything else is refused before
 * it can be pinged or saved; the shell validates it again (z.url, http/https).
 */
export type ServerAddressProblem = 'REQUIRED' | 'INVALID' | 'PROTOCOL';

export type ServerAddressCheck = { ok: true; url: string } | { ok: false; problem: ServerAddressProblem };

export function checkServerAddress(input: string): ServerAddressCheck {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'REQUIRED' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'INVALID' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'PROTOCOL' };
  // An address with credentials, a query or a fragment is not a server address (and "http:foo" parses with an empty
  // host).
  if (!url.hostname || url.username || url.password || url.search || url.hash || /\s/.test(text))
    return { ok: false, problem: 'INVALID' };
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}

/** The same server, however it was typed (trailing slash, case of the host). */
export function sameServer(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = checkServerAddress(a);
  const y = checkServerAddress(b);
  return x.ok && y.ok && x.url === y.url;
}
