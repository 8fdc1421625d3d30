import { describe, expect, it, vi } from 'vitest';
import { pingServer } from './ping-server';

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('pingServer', () => {
  it('asks GET {server}/api/health and passes on { ok: true, version }', async () => {
    const fetch = answer(200, { ok: true, version: '1.4.0' });
    expect(await pingServer('https://tickets.example.com', { fetch })).toEqual({ ok: true, version: '1.4.0' });
    expect(fetch).toHaveBeenCalledWith(
      'https://tickets.example.com/api/health',
      expect.objectContaining({ method: 'GET', credentials: 'omit' }),
    );
  });

  it('calls anything else "not a server"', async () => {
    expect(await pingServer('https://x', { fetch: answer(404, { reason: 'RESOURCE_NOT_FOUND' }) })).toEqual({
      ok: false,
      problem: 'NOT_A_SERVER',
    });
    expect(await pingServer('https://x', { fetch: answer(200, { hello: 'world' }) })).toEqual({
      ok: false,
      problem: 'NOT_A_SERVER',
    });
    const html = vi.fn(async () => new Response('<html></html>', { status: 200 }));
    expect(await pingServer('https://x', { fetch: html })).toEqual({ ok: false, problem: 'NOT_A_SERVER' });
  });

  it('tells an unreachable server from one that does not answer in time', async () => {
    const refused = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await pingServer('https://x', { fetch: refused })).toEqual({ ok: false, problem: 'UNREACHABLE' });
    const hanging = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    expect(await pingServer('https://x', { fetch: hanging as unknown as typeof fetch, timeoutMs: 20 })).toEqual({
      ok: false,
      problem: 'TIMEOUT',
    });
  });
});
