/**
 * One Idempotency-Key per sale attempt. The key is kept when a call dies on
 * the way (no answer: timeout, network), so the agent's retry of the SAME
 * request cannot charge twice; any answer from the server settles it, and a
 * different request (another sale, a changed passenger or coupon) gets a new
 * key, since the server refuses a known key with another body.
 */
export type KeyOutcome = 'answered' | 'no-answer';

export interface IdempotencyKeys {
  /** The key to send with this request body. */
  keyFor(body: unknown): string;
  /** What happened to the last request sent with keyFor. */
  settle(outcome: KeyOutcome): void;
}

export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()): IdempotencyKeys {
  let pending: { key: string; fingerprint: string } | null = null;
  return {
    keyFor(body) {
      const fingerprint = JSON.stringify(body);
      if (pending && pending.fingerprint === fingerprint) return pending.key;
      pending = { key: newKey(), fingerprint };
      return pending.key;
    },
    settle(outcome) {
      if (outcome === 'answered') pending = null;
    },
  };
}

/** ApiError reasons of a call that got no answer: the server may or may not have acted. */
const NO_ANSWER = new Set(['REQUEST_TIMEOUT', 'SERVER_UNREACHABLE', 'NO_INTERNET_CONNECTION']);

export function outcomeOf(error: { reason: string; status: number | null } | null): KeyOutcome {
  if (!error) return 'answered';
  return error.status === null && NO_ANSWER.has(error.reason) ? 'no-answer' : 'answered';
}
