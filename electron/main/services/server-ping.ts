import type { ServerPing } from '@agent-portal/contract';

/** GET of a JSON document; throws on a network failure or a timeout. */
export interface HttpGetPort {
  getJson(url: string, options: { timeoutMs: number }): Promise<{ status: number; body: unknown }>;
}

const TIMEOUT_MS = 8_000;

function isHealth(body: unknown): body is { ok: true; version: string } {
  if (typeof body !== 'object' || body === null) return false;
  const health = body as Record<string, unknown>;
  return health.ok === true && typeof health.version === 'string';
}

/**
 * Whether an address is an agency server: GET {url}/api/health must answer
 * {ok: true, version}. Done by the shell for the settings screen, whose page
 * may only reach the server in force (CSP connect-src).
 */
export async function pingServer(http: HttpGetPort, url: string): Promise<ServerPing> {
  const health = `${url.replace(/\/+$/, '')}/api/health`;
  try {
    const { status, body } = await http.getJson(health, { timeoutMs: TIMEOUT_MS });
    return status === 200 && isHealth(body)
      ? { ok: true, version: body.version }
      : { ok: false, problem: 'NOT_A_SERVER' };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { ok: false, problem: timedOut ? 'TIMEOUT' : 'UNREACHABLE' };
  }
}
