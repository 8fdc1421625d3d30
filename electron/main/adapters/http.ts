import type { HttpPort } from '../services/device-registration';
import type { HttpGetPort } from '../services/server-ping';

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

/** The settings screen's "Test connection", over Node's global fetch. */
export const fetchHttpGet: HttpGetPort = {
  async getJson(url, { timeoutMs }) {
    const response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body: unknown = await response.json().catch(() => null);
    return { status: response.status, body };
  },
};
