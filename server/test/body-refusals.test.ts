import { apiErrorSchema, httpStatusOf } from '@agent-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

describe('bodies the server will not read', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('a body over the 1 MiB limit answers 413 PAYLOAD_TOO_LARGE in the usual error body', async () => {
    const huge = JSON.stringify({ username: 'agent', password: 'x'.repeat(1024 * 1024) });
    const res = await t.call('POST', '/api/login', { body: huge, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(apiErrorSchema.parse(res.body)).toEqual({
      reason: 'PAYLOAD_TOO_LARGE',
      message: expect.any(String),
      details: { limitBytes: 1024 * 1024 },
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('a chunked body that grows past the limit is refused the same way', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: Buffer.concat(Array.from({ length: 20 }, () => chunk)),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().reason).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a text/plain, XML or form body to a JSON route answers 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const [type, body] of [
      ['text/plain', '{"username":"agent","password":"Agent@123"}'],
      ['application/xml', '<login><username>agent</username></login>'],
      ['application/x-www-form-urlencoded', 'username=agent&password=Agent%40123'],
    ] as const) {
      const res = await t.call('POST', '/api/login', { body, headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(apiErrorSchema.parse(res.body), type).toMatchObject({
        reason: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.any(String),
      });
    }
  });

  it('the contract maps the two reasons to their statuses', () => {
    expect(httpStatusOf('PAYLOAD_TOO_LARGE')).toBe(413);
    expect(httpStatusOf('UNSUPPORTED_MEDIA_TYPE')).toBe(415);
  });

  it('malformed JSON stays a 400 VALIDATION_FAILED', async () => {
    const res = await t.call('POST', '/api/login', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('VALIDATION_FAILED');
  });
});
