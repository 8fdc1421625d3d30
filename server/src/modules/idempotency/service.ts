import type { Database } from '../../db/database';
import { lockName } from '../../db/units';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/ids';
import { keyedRequestHash, lookupKeyOf, openAnswer, sealAnswer } from './sealing';

/**
 * Idempotency-Key on money-moving calls: the first successful answer is
 * stored with the key inside the same write transaction as the money
 * movement, so a repeat (even a concurrent one, which waits for the write
 * lock) finds it and changes nothing. The same key with another body is
 * refused (IDEMPOTENCY_KEY_REUSED). Failures are not stored: a refused call
 * may be retried with the same key once the cause is fixed. The table holds
 * the key hashed and the answer sealed with it (sealing.ts): it may carry a PIN.
 */
export class IdempotencyService {
  constructor(private readonly clock: Clock) {}

  static requestHash(scope: string, body: unknown): string {
    return sha256Hex(`${scope}\n${JSON.stringify(body)}`);
  }

  async stored<T>(trx: Database, userId: number, key: string, requestHash: string): Promise<T | null> {
    // Inside a unit: one request per key at a time (PostgreSQL; SQLite is one writer). A repeat waits for the
    // first to commit, then reads its stored answer instead of doing the work again.
    if (trx.isTransaction) await lockName(trx, `idempotency ${lookupKeyOf(userId, key)}`);
    const find = (column: string) =>
      trx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'response_json'])
        .where('user_id', '=', userId)
        .where('key', '=', column)
        .executeTakeFirst();
    const sealed = await find(lookupKeyOf(userId, key));
    // A row stored before answers were sealed holds the key, the hash and the answer in clear; it is honoured
    // until the purge removes it (IDEMPOTENCY_KEEP_HOURS), so a retry across the upgrade is not charged twice.
    const row = sealed ?? (await find(key));
    if (!row) return null;
    const expected = sealed ? keyedRequestHash(userId, key, requestHash) : requestHash;
    if (row.request_hash !== expected)
      throw new AppError('IDEMPOTENCY_KEY_REUSED', { key }, 'This Idempotency-Key was used for a different request');
    return sealed ? openAnswer<T>(userId, key, row.response_json) : (JSON.parse(row.response_json) as T);
  }

  async store(trx: Database, userId: number, key: string, requestHash: string, answer: unknown): Promise<void> {
    await trx
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key: lookupKeyOf(userId, key),
        request_hash: keyedRequestHash(userId, key, requestHash),
        response_json: sealAnswer(userId, key, answer),
        created_at: this.clock.now().toISOString(),
      })
      .execute();
  }
}

/** The header value, trimmed; absent or blank = no idempotency. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const raw = headers['idempotency-key'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return null;
  if (value.length > 200)
    throw new AppError(
      'VALIDATION_FAILED',
      { fields: { 'Idempotency-Key': 'at most 200 characters' } },
      'Some fields are invalid',
    );
  return value;
}
