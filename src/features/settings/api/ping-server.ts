/**
 * "Test connection": GET {server}/api/health must answer { ok: true, version }
 * before a new server address may be saved. Plain fetch, not the API client:
 * the client talks to the server in force, this probes a candidate.
 */
export type PingResult =
  { ok: true; version: string } | { ok: false; problem: 'UNREACHABLE' | 'TIMEOUT' | 'NOT_A_SERVER' };

export interface PingOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 8_000;

function isHealth(value: unknown): value is { ok: true; version: string } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.ok === true && typeof v.version === 'string';
}

/** `server` is a checked address (see checkServerAddress): no trailing slash. */
export async function pingServer(server: string, options: PingOptions = {}): Promise<PingResult> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const response = await doFetch(`${server}/api/health`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    });
    if (!response.ok) return { ok: false, problem: 'NOT_A_SERVER' };
    const body: unknown = await response.json().catch(() => null);
    return isHealth(body) ? { ok: true, version: body.version } : { ok: false, problem: 'NOT_A_SERVER' };
  } catch {
    return { ok: false, problem: timedOut ? 'TIMEOUT' : 'UNREACHABLE' };
  } finally {
    clearTimeout(timer);
  }
}
