import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

/** "a 'b'; c d" -> { a: ["'b'"], c: ['d'] } */
function directives(csp: unknown): Record<string, string[]> {
  expect(typeof csp).toBe('string');
  return Object.fromEntries(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  let t: TestContext;
  const portal = path.join(process.env.TMPDIR ?? '/tmp', `portal-headers-${process.pid}-${Date.now()}`);
  beforeAll(async () => {
    mkdirSync(path.join(portal, 'assets'), { recursive: true });
    writeFileSync(
      path.join(portal, 'index.html'),
      '<!doctype html><title>Agent Portal</title><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(path.join(portal, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestContext({ env: { PORTAL_DIR: portal } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(portal, { recursive: true, force: true });
  });

  const common = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('DENY');
  };

  it("the portal's pages and files carry a CSP that lets only its own scripts run and nobody frame it", async () => {
    for (const url of ['/', '/index.html', '/login', '/report/sales-summary', '/assets/app.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      common(res.headers);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp, url).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // antd writes its CSS-in-JS as <style> elements.
        'style-src': ["'self'", "'unsafe-inline'"],
        // QR codes, icons and the ticket's embedded Bengali font are data: URLs.
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        // The agency server's address is a setting of the counter: calls may go to another origin.
        'connect-src': ["'self'", 'http:', 'https:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
    }
  });

  it('API answers are not sniffed, framed or stored, and say so on errors too', async () => {
    const token = await t.login('agent');
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/profile/1', 200],
      ['/api/nothing-here', 404],
    ] as const) {
      const res = await t.call('GET', url, { token });
      expect(res.status, url).toBe(status);
      common(res.headers);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(directives(res.headers['content-security-policy'])).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
    }
    const refused = await t.call('POST', '/api/login', { body: { username: 'agent', password: 'wrong' } });
    expect(refused.status).toBe(401);
    common(refused.headers);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('/docs is still served, under a policy its own scripts and styles fit', async () => {
    for (const url of [
      '/docs',
      '/docs/',
      '/docs/static/swagger-ui-bundle.js',
      '/docs/static/swagger-initializer.js',
      '/docs/json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['style-src'], url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['connect-src'], url).toEqual(["'self'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
    }
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Swagger UI's page loads its scripts from files: no inline script the policy would block.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
