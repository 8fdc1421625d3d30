import type { HttpPort } from '../services/device-registration';

/** The registration call over Node's global fetch, with a timeout. */
export const fetchHttp: HttpPort = {
  async postJson(url, body, { timeoutMs }) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed };
  },
};
