/**
 * A NUL character (U+0000) in any text of any request, as a script would send
 * it: PostgreSQL's text cannot hold one, so on PostgreSQL such a request
 * reached the database and answered 500 (a sign-in, as nobody, too), while
 * SQLite stored it in a passenger's name, to be cut short later by a printer
 * driver or a C library. Every string field of every endpoint's params, query
 * and body (found by walking the zod schemas), and every JSON key, gets one:
 * the answer must be 400 VALIDATION_FAILED naming that field with the code
 * NUL_CHARACTER (the portal translates it), never a 5xx, and nothing written.
 */
import type { Endpoint } from '@agent-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { sellingContext, type Ctx } from '../selling/fixtures';
import {
  everyEndpoint,
  fieldPaths,
  isLiteralOf,
  rowCounts,
  sendAs,
  sendIntoEveryField,
  validRequests,
  type Base,
  type Def,
} from './contract-requests';

/** Paths of every field that takes text: strings (dates, PNRs, names, ...), enums and string literals. */
const textPaths = (schema: z.ZodType) =>
  fieldPaths(schema, (def: Def) => def.type === 'string' || def.type === 'enum' || isLiteralOf(def, 'string'));

const valueAt = (target: unknown, path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], target);

describe('NUL characters in every text field of the contract', () => {
  let t: Ctx;
  let token: string;
  let bases: Record<string, Base>;

  beforeAll(async () => {
    t = await sellingContext();
    token = await t.login('agent');
    bases = await validRequests(t, token);
  });
  afterAll(() => t.close());

  /** A public endpoint (sign-in, OTP, device registration) is sent as nobody, as an attacker would. */
  const send = (endpoint: Endpoint, base: Base) =>
    sendAs(t, endpoint.auth === 'public' ? undefined : token)(endpoint, base);

  it('answers 400 VALIDATION_FAILED naming the field (NUL_CHARACTER), never 5xx, and writes nothing', async () => {
    const before = await rowCounts(t);
    const { sent, failures } = await sendIntoEveryField({
      endpoints: everyEndpoint(),
      bases,
      send,
      pathsOf: textPaths,
      valuesAt: (part, path, base) => {
        const valid = valueAt(base[part], path);
        const around = typeof valid === 'string' && valid !== '' ? valid : 'A';
        return ['\u0000', `${around}\u0000`, `${around.slice(0, 1)}\u0000${around.slice(1)}`];
      },
      namedAs: (message) => message === 'NUL_CHARACTER',
    });
    expect(sent).toBeGreaterThan(250);
    expect(failures).toEqual([]);
    expect(await rowCounts(t)).toEqual(before);
  }, 120_000);

  it('a NUL in a JSON key is refused the same way, the key named', async () => {
    const res = await t.call('POST', '/api/login', {
      body: { username: 'agent', password: 'Agent@123', 'device\u0000Id': 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      reason: 'VALIDATION_FAILED',
      details: { fields: { 'device\u0000Id': 'NUL_CHARACTER' } },
    });
  });

  it('a deeply nested body is walked without running out of stack', async () => {
    const depth = 200_000;
    const nested = `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
    const res = await t.call('POST', '/api/login', {
      body: `{"username":"agent","password":"Agent@123","deviceId":${nested}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBeLessThan(500);
  });
});
