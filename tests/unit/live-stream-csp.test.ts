/**
 * The live stream goes through the desktop shell's Content-Security-Policy as it is (issue #35): the portal opens it
 * only at a path on the API's own origin, which connect-src already allows; a stream offered elsewhere is not opened
 * (the portal polls), so the policy never needs loosening.
 */
import { describe, expect, it } from 'vitest';
import { buildPortalCsp } from '../../electron/main/security/csp';
import { decideTransport } from '../../src/lib/live/transport';

const connectSrc = (csp: string) =>
  (csp.split('; ').find((d) => d.startsWith('connect-src ')) ?? '').split(' ').slice(1);

describe('the live stream under the desktop CSP', () => {
  it.each(['http://127.0.0.1:3030', 'https://agency.example.org/base/'])(
    'is fetched from %s, an allowed origin',
    (server) => {
      const transport = decideTransport({
        ok: true,
        body: { stream: { path: '/api/live/stream', heartbeatSeconds: 15, pollSeconds: 5, maxTrips: 20 } },
      });
      if (transport.kind !== 'stream') throw new Error('the stream was not taken');
      // As the client builds it: the API base (the shell's server setting, without its trailing slash) and the path.
      const url = new URL(`${server.replace(/\/+$/, '')}${transport.stream.path}`);
      expect(connectSrc(buildPortalCsp(server))).toContain(url.origin);
    },
  );

  it('leaves a stream offered on another origin unopened, so connect-src stays as it is', () => {
    const offered = { stream: { path: 'https://elsewhere.example/live', heartbeatSeconds: 15, pollSeconds: 5 } };
    expect(decideTransport({ ok: true, body: offered }).kind).toBe('unsupported');
    expect(connectSrc(buildPortalCsp('http://127.0.0.1:3030'))).toEqual(["'self'", 'http://127.0.0.1:3030']);
  });
});
