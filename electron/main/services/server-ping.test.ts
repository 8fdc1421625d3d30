import { describe, expect, it } from 'vitest';
import { pingServer, type HttpGetPort } from './server-ping';

const answering = (status: number, body: unknown): HttpGetPort & { urls: string[] } => {
  const urls: string[] = [];
  return { urls, getJson: async (url) => (urls.push(url), { status, body }) };
};

describe('pingServer', () => {
  it('accepts a server whose health answers ok with a version, asking {url}/api/health once', async () => {
    const http = answering(200, { ok: true, version: '1.2.3' });
    expect(await pingServer(http, 'https://tickets.example.com/')).toEqual({ ok: true, version: '1.2.3' });
    expect(http.urls).toEqual(['https://tickets.example.com/api/health']);
  });

  it('calls anything else NOT_A_SERVER', async () => {
    expect(await pingServer(answering(404, null), 'http://x.test')).toEqual({ ok: false, problem: 'NOT_A_SERVER' });
    expect(await pingServer(answering(200, '<html>'), 'http://x.test')).toEqual({ ok: false, problem: 'NOT_A_SERVER' });
  });

  it('tells a timeout from an unreachable address', async () => {
    const timeout = Object.assign(new Error('slow'), { name: 'TimeoutError' });
    expect(await pingServer({ getJson: () => Promise.reject(timeout) }, 'http://x.test')).toEqual({
      ok: false,
      problem: 'TIMEOUT',
    });
    expect(await pingServer({ getJson: () => Promise.reject(new TypeError('fetch failed')) }, 'http://x.test')).toEqual(
      {
        ok: false,
        problem: 'UNREACHABLE',
      },
    );
  });
});
