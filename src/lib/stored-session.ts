import { storedSessionSchema, type StoredSession } from '@agent-portal/contract';

/**
 * A value read back from web storage as a session, if it is one, by the
 * contract's storedSessionSchema (the one definition of a stored session).
 * Its own module, loaded on demand by lib/bridge: zod stays out of the
 * sign-in page's first load.
 */
export function parseStoredSession(value: unknown): StoredSession | null {
  const result = storedSessionSchema.safeParse(value);
  return result.success ? result.data : null;
}
