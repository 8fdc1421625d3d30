import { describe, expect, it } from 'vitest';
import { IdempotencyKeys, newIdempotencyKey } from './idempotency';

const noAnswer = { reason: 'SERVER_UNREACHABLE', status: null };
const timeout = { reason: 'REQUEST_TIMEOUT', status: null };
const refused = { reason: 'RETURN_AMOUNT_MISMATCH', status: 409 };

function keys() {
  let n = 0;
  return new IdempotencyKeys(() => `key-${++n}`);
}

describe('Idempotency-Key per money movement', () => {
  it('reuses the key when the same request is retried after no answer came back', () => {
    const k = keys();
    const body = { pnr: 'K7Q2M9X4PA', pin: '123456', action: 1 };
    expect(k.keyFor(body)).toBe('key-1');
    k.settle(noAnswer);
    expect(k.keyFor({ ...body })).toBe('key-1');
    k.settle(timeout);
    expect(k.keyFor(body)).toBe('key-1');
  });

  it('keeps the key when the server answers that it failed (its database busy or out of reach, a commit perhaps cut off)', () => {
    const k = keys();
    const body = { tripId: 7, seats: ['A1'] };
    expect(k.keyFor(body)).toBe('key-1');
    k.settle({ reason: 'DATABASE_UNAVAILABLE', status: 503 });
    expect(k.keyFor(body)).toBe('key-1');
    k.settle({ reason: 'DATABASE_BUSY', status: 503 });
    expect(k.keyFor(body)).toBe('key-1');
    k.settle({ reason: 'INTERNAL_SERVER_ERROR', status: 500 });
    expect(k.keyFor(body)).toBe('key-1');
    k.settle(null);
    expect(k.keyFor(body)).toBe('key-2');
  });

  it('starts a new key after a success, after an answered refusal, and for a different request', () => {
    const k = keys();
    const body = { action: 2, returnAmount: 100 };
    expect(k.keyFor(body)).toBe('key-1');
    k.settle(null);
    expect(k.keyFor(body)).toBe('key-2');
    k.settle(refused);
    expect(k.keyFor(body)).toBe('key-3');
    expect(k.keyFor({ action: 2, returnAmount: 90 })).toBe('key-4');
  });

  it('makes version-4 UUIDs even without crypto.randomUUID (plain http on a LAN)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
