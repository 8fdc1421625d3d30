import type { Endpoint } from '@agent-portal/contract';
import { z } from 'zod';
import { describe, expectTypeOf, it } from 'vitest';
import { authCalls, lookupCalls } from '../contract';
import { callApi } from './call-api';

/**
 * The fetcher's types come from the contract's zod schemas. These lines are
 * checked by the type checker (tsc -p tsconfig.app.json); nothing is sent.
 */
describe('callApi types', () => {
  it('infers answers and demands what each endpoint needs', () => {
    const never = (): void => {
      expectTypeOf(callApi(lookupCalls.companies)).resolves.toEqualTypeOf<
        { id: number; name: string; code: string }[]
      >();
      expectTypeOf(callApi(authCalls.login, { body: { username: 'a', password: 'b' } })).resolves.toHaveProperty(
        'token',
      );
      // @ts-expect-error the profile needs its companyId
      void callApi(authCalls.profile);
      // @ts-expect-error the sign-in body needs a password
      void callApi(authCalls.login, { body: { username: 'a' } });
      // @ts-expect-error a GET without a body takes none
      void callApi(lookupCalls.companies, { body: { x: 1 } });
    };
    expectTypeOf(never).toBeFunction();
  });

  it("types the query from the endpoint's query schema, and keeps endpoints without one loose", () => {
    const withQuery = {
      method: 'GET',
      path: '/api/x/:id',
      summary: 'x',
      auth: 'session',
      params: z.object({ id: z.number() }),
      query: z.object({ format: z.enum(['json', 'pdf']), lang: z.enum(['en', 'bn']).optional() }),
      response: z.object({ ok: z.boolean() }),
    } as const satisfies Endpoint;
    const never = (): void => {
      void callApi(withQuery, { params: { id: 1 }, query: { format: 'pdf', lang: 'bn' } });
      // @ts-expect-error the schema's format is required
      void callApi(withQuery, { params: { id: 1 }, query: { lang: 'en' } });
      // @ts-expect-error xlsx is not one of its formats
      void callApi(withQuery, { params: { id: 1 }, query: { format: 'xlsx' } });
      void callApi(lookupCalls.companies, { query: { anything: 'goes', n: 1, skip: undefined } });
    };
    expectTypeOf(never).toBeFunction();
  });
});
