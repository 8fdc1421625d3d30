import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { authApi, type Endpoint } from '@agent-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireCompany, requirePermission } from '../src/http/guards';
import { createRouteRegistrar } from '../src/http/routes';
import { createTestContext, type TestContext } from './helpers';

const throwingEndpoint = {
  method: 'GET',
  path: '/api/test/boom',
  summary: 'test only',
  auth: 'public',
  response: z.object({ ok: z.literal(true) }),
} as const satisfies Endpoint;

const guardedEndpoint = {
  method: 'GET',
  path: '/api/test/guarded/:companyId',
  summary: 'test only',
  auth: 'session',
  params: z.object({ companyId: z.coerce.number().int().positive() }),
  response: z.object({ ok: z.literal(true) }),
} as const satisfies Endpoint;

const allOfEndpoint = { ...guardedEndpoint, path: '/api/test/all-of/:companyId' } as const satisfies Endpoint;

describe('HTTP plumbing', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    const routes = createRouteRegistrar(t.app, (req) => t.app.services.sessions.authenticate(req));
    routes.add(throwingEndpoint, {
      handler: () => {
        throw new Error('database password is hunter2 at /srv/secret.ts:42');
      },
    });
    routes.add(guardedEndpoint, {
      company: ({ params }) => params.companyId,
      permission: { anyOf: ['AGENT_VIEW_TRANSACTIONS', 'AGENT_DEPOSIT_REQUEST'] },
      handler: () => ({ ok: true as const }),
    });
    routes.add(allOfEndpoint, {
      permission: { allOf: ['AGENT_CREATE_RESERVATION', 'AGENT_CREATE_BOOKING'] },
      handler: () => ({ ok: true as const }),
    });
    t.app.route({
      method: 'GET',
      url: '/api/test/raw/:companyId',
      onRequest: async (req) => {
        req.principal = await t.app.services.sessions.authenticate(req);
      },
      preHandler: [
        requireCompany((req) => Number((req.params as { companyId: string }).companyId)),
        requirePermission({ allOf: ['AGENT_DEPOSIT_REQUEST'] }),
      ],
      handler: async () => ({ ok: true }),
    });
  });
  afterAll(() => t.close());

  it('health answers ok and the version, publicly', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('ready answers ok and the version, publicly, once the database answers', async () => {
    const res = await t.call('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('hides the internals of an unexpected error', async () => {
    const res = await t.call('GET', '/api/test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ reason: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on the server' });
    expect(JSON.stringify(res.body)).not.toMatch(/hunter2|secret|stack/);
  });

  it('answers an unknown /api route with 404 RESOURCE_NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/lookup/nothing'],
    ] as const) {
      const res = await t.call(method, url);
      expect(res.status).toBe(404);
      expect(res.body.reason).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('requirePermission (anyOf): PERMISSION_DENIED without one of them, after the company check', async () => {
    const seller = await t.login('seller');
    const agent = await t.login('agent');
    const postpaid = await t.login('postpaid');
    const denied = await t.call('GET', '/api/test/guarded/1', { token: seller });
    expect([denied.status, denied.body.reason]).toEqual([403, 'PERMISSION_DENIED']);
    expect(denied.body.details.required).toEqual({ anyOf: ['AGENT_VIEW_TRANSACTIONS', 'AGENT_DEPOSIT_REQUEST'] });
    expect((await t.call('GET', '/api/test/guarded/2', { token: seller })).body.reason).toBe('COMPANY_NOT_ALLOWED');
    expect((await t.call('GET', '/api/test/guarded/1', { token: agent })).status).toBe(200);
    // postpaid holds AGENT_VIEW_TRANSACTIONS but not AGENT_DEPOSIT_REQUEST: anyOf lets it in.
    expect((await t.call('GET', '/api/test/guarded/2', { token: postpaid })).status).toBe(200);
    expect((await t.call('GET', '/api/test/guarded/1')).body.reason).toBe('INVALID_SESSION');
  });

  it('requirePermission (allOf): every listed permission is needed', async () => {
    const seller = await t.login('seller');
    expect((await t.call('GET', '/api/test/all-of/1', { token: seller })).status).toBe(200);
    await t.db.deleteFrom('role_permissions').where('permission_id', '=', 2).execute();
    const res = await t.call('GET', '/api/test/all-of/1', { token: seller });
    expect(res.body.reason).toBe('PERMISSION_DENIED');
  });

  it('requirePermission and requireCompany work as preHandlers on hand-written routes', async () => {
    const agent = await t.login('agent');
    const postpaid = await t.login('postpaid');
    const seller = await t.login('seller');
    expect((await t.call('GET', '/api/test/raw/1', { token: agent })).status).toBe(200);
    expect((await t.call('GET', '/api/test/raw/1', { token: postpaid })).body.reason).toBe('PERMISSION_DENIED');
    expect((await t.call('GET', '/api/test/raw/2', { token: seller })).body.reason).toBe('COMPANY_NOT_ALLOWED');
    expect((await t.call('GET', '/api/test/raw/1')).body.reason).toBe('INVALID_SESSION');
  });

  it('refuses an unsupported content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.call('POST', '/api/login', {
      body: 'username=agent',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body.reason).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('allows any origin (bearer auth, no cookies)', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'http://example.test', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('publishes every contract route with its schemas at /docs/json, and serves /docs', async () => {
    const spec = await t.call('GET', '/docs/json');
    expect(spec.status).toBe(200);
    const paths = spec.body.paths as Record<
      string,
      Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>
    >;
    for (const url of [
      '/api/login',
      '/api/logout',
      '/api/sendOtp',
      '/api/verifyOtp',
      '/api/resetPassword',
      '/api/changePassword',
      '/api/lookup/busStation',
      '/api/lookup/route',
      '/api/mobileDevices/register',
    ]) {
      expect(paths[url]?.post, url).toBeDefined();
    }
    for (const url of [
      '/api/profile/{companyId}',
      '/api/account/{companyId}',
      '/api/lookup/country',
      '/api/lookup/agentRoute/{id}',
      '/api/health',
      '/api/ready',
    ]) {
      expect(paths[url]?.get, url).toBeDefined();
    }
    expect(paths['/api/login']?.post?.requestBody).toBeDefined();
    expect(paths['/api/login']?.post?.responses).toHaveProperty('200');
    expect(JSON.stringify(paths['/api/login'])).toContain('rememberMe');
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('uses the contract schemas for validation (login body)', () => {
    expect(authApi.login.body.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
  });
});

describe('portal serving (PORTAL_DIR)', () => {
  let t: TestContext;
  beforeAll(async () => {
    const portal = path.join(process.env.TMPDIR ?? '/tmp', `portal-${process.pid}-${Date.now()}`);
    mkdirSync(path.join(portal, 'assets'), { recursive: true });
    writeFileSync(path.join(portal, 'index.html'), '<!doctype html><title>Agent Portal</title>');
    writeFileSync(path.join(portal, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestContext({ env: { PORTAL_DIR: portal } });
  });
  afterAll(() => t.close());

  it('serves files, falls back to index.html for page paths, and keeps /api 404s as JSON', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    for (const url of ['/', '/login', '/report/sales-summary']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>Agent Portal</title>');
    }
    const missingFile = await t.call('GET', '/assets/gone-1234.js');
    expect([missingFile.status, missingFile.body.reason]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    const api = await t.call('GET', '/api/unknown');
    expect([api.status, api.body.reason]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });
});

describe('error logging', () => {
  let t: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestContext({ env: { LOG_LEVEL: 'error' }, logStream: { write: (line) => lines.push(line) } });
    createRouteRegistrar(t.app, (req) => t.app.services.sessions.authenticate(req)).add(throwingEndpoint, {
      handler: () => {
        throw new Error('disk on fire');
      },
    });
  });
  afterAll(() => t.close());

  it('logs an unexpected error with its stack, and not a bearer token', async () => {
    const res = await t.call('GET', '/api/test/boom', { headers: { authorization: 'Bearer secret-token-value' } });
    expect(res.status).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('disk on fire');
    expect(logged).toMatch(/"stack":"Error: disk on fire\\n\s+at /);
    expect(logged).not.toContain('secret-token-value');
  });
});
