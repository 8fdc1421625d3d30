import type { Unit, Units } from '../../db/units';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/ids';
import { IdempotencyRepository } from './repository';
import { keyedRequestHash, lookupKeyOf, openAnswer, sealAnswer } from './sealing';

/** A money-moving request sent under an Idempotency-Key: who sent it, the key, and what it asked for (hashed). */
export interface KeyedRequest {
  readonly userId: number;
  readonly key: string;
  readonly requestHash: string;
}

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
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
  ) {}

  static requestHash(scope: string, body: unknown): string {
    return sha256Hex(`${scope}\n${JSON.stringify(body)}`);
  }

  /** The request under its key, or null when the caller sent none: then nothing is looked up or remembered. */
  static keyed(userId: number, key: string | null, scope: string, body: unknown): KeyedRequest | null {
    return key ? { userId, key, requestHash: IdempotencyService.requestHash(scope, body) } : null;
  }

  /**
   * Before the unit, outside any: a repeat's stored answer, so a repeat answers before the checks that could refuse
   * it now (they may refuse what they allowed then). Without the key's lock; the unit asks again with it (once).
   */
  earlier<T>(request: KeyedRequest | null): Promise<T | null> {
    return request
      ? this.units.read((r) => this.answerIn<T>(r.repo(IdempotencyRepository), request))
      : Promise.resolve(null);
  }

  /**
   * Inside the unit of the work the key guards: a repeat's stored answer, else `work`'s, stored under the key in the
   * same unit, so it is kept exactly when the work is. One request per key at a time (PostgreSQL; SQLite is one
   * writer): a repeat waits for the first to commit, then answers what it stored instead of doing the work again.
   */
  async once<T>(uow: Unit, request: KeyedRequest | null, work: () => Promise<T>): Promise<T> {
    const stored = await this.stored<T>(uow, request);
    if (stored) return stored;
    const answer = await work();
    await this.store(uow, request, answer);
    return answer;
  }

  /** Inside the unit, after the key's lock: the answer stored under the key, or null (once's first half). */
  async stored<T>(uow: Unit, request: KeyedRequest | null): Promise<T | null> {
    if (!request) return null;
    await uow.lockName(`idempotency ${lookupKeyOf(request.userId, request.key)}`);
    return this.answerIn<T>(uow.repo(IdempotencyRepository), request);
  }

  /** Inside the unit: remembers `answer` under the key (once's second half). */
  async store(uow: Unit, request: KeyedRequest | null, answer: unknown): Promise<void> {
    if (!request) return;
    const { userId, key, requestHash } = request;
    await uow.repo(IdempotencyRepository).insert({
      userId,
      key: lookupKeyOf(userId, key),
      requestHash: keyedRequestHash(userId, key, requestHash),
      responseJson: sealAnswer(userId, key, answer),
      createdAt: this.clock.now().toISOString(),
    });
  }

  private async answerIn<T>(
    repo: IdempotencyRepository,
    { userId, key, requestHash }: KeyedRequest,
  ): Promise<T | null> {
    const lookupKey = lookupKeyOf(userId, key);
    const rows = await repo.find(userId, [lookupKey, key]);
    const sealed = rows.find((r) => r.key === lookupKey);
    // A row stored before answers were sealed holds the key, the hash and the answer in clear; it is honoured
    // until the purge removes it (IDEMPOTENCY_KEEP_HOURS), so a retry across the upgrade is not charged twice.
    const row = sealed ?? rows.find((r) => r.key === key);
    if (!row) return null;
    const expected = sealed ? keyedRequestHash(userId, key, requestHash) : requestHash;
    if (row.request_hash !== expected)
      throw new AppError('IDEMPOTENCY_KEY_REUSED', { key }, 'This Idempotency-Key was used for a different request');
    return sealed ? openAnswer<T>(userId, key, row.response_json) : (JSON.parse(row.response_json) as T);
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
