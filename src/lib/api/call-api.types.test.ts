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
      expectTypeOf(callApi(lookupCalls.companies)).resolves.toEqualTypeOf<{ id: number; name: string; code: string }[]>();
      expectTypeOf(callApi(authCalls.login, { body: { username: 'a', password: 'b' } })).resolves.toHaveProperty('token');
      // @ts-expect-error the profile needs its companyId
      void callApi(authCalls.profile);
      // @ts-expect-error the sign-in body needs a password
      void callApi(authCalls.login, { body: { username: 'a' } });
      // @ts-expect-error a GET without a body takes none
      void callApi(lookupCalls.companies, { body: { x: 1 } });
    };
    expectTypeOf(never).toBeFunction();
  });
});
