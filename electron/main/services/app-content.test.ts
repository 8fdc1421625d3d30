import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppContentHandler, resolveDistPath } from './app-content';

let distDir = '';
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'app-content-'));
  distDir = path.join(root, 'dist');
  await mkdir(path.join(distDir, 'assets'), { recursive: true });
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>portal</title>');
  await writeFile(path.join(distDir, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(path.join(root, 'secret.txt'), 'outside');
  handle = createAppContentHandler({ distDir, readFile, csp: () => "default-src 'self'" });
});

describe('app:// content', () => {
  it('serves the built portal with its CSP and a content type', async () => {
    const response = await handle(new Request('app://portal/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('portal');

    const script = await handle(new Request('app://portal/assets/index-abc.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers client routes with the portal (assets are asked for from the root: the build uses base /)', async () => {
    expect(await (await handle(new Request('app://portal/report/sales-summary'))).text()).toContain('portal');
    expect((await handle(new Request('app://portal/report/assets/index-abc.js'))).status).toBe(404);
  });

  it('answers /api with 404, not the portal page (the shell talks to the configured server)', async () => {
    expect((await handle(new Request('app://portal/api/profile/1'))).status).toBe(404);
  });

  it('never serves a file outside dist', async () => {
    expect((await handle(new Request('app://portal/..%2Fsecret.txt'))).status).toBe(404);
    expect((await handle(new Request('app://portal/%2e%2e/%2e%2e/secret.txt'))).status).toBe(404);
    // ".." cannot climb above the root: it is clamped inside dist.
    expect(resolveDistPath(distDir, '/../secret.txt')).toBe(path.join(distDir, 'secret.txt'));
    expect(resolveDistPath(distDir, '/assets/../../secret.txt')).toBe(path.join(distDir, 'secret.txt'));
    expect(resolveDistPath(distDir, '/%00')).toBeNull();
  });

  it('serves nothing for another host or a non-GET method', async () => {
    expect((await handle(new Request('app://other/index.html'))).status).toBe(404);
    expect((await handle(new Request('app://portal/index.html', { method: 'POST', body: 'x' }))).status).toBe(404);
  });
});
