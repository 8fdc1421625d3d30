import type { Database } from '../../db/database';
import { insertRows, queryRows } from '../../db/precompiled';

export interface StoredAnswerRow {
  key: string;
  request_hash: string;
  response_json: string;
}

/** Stored answers by Idempotency-Key, read and written inside the money movement's unit. */
export class IdempotencyRepository {
  /**
   * The rows stored under any of `keys` for the user (the sealed lookup key, and the key in clear of a row stored
   * before answers were sealed): one read for both.
   */
  async find(trx: Database, userId: number, keys: readonly [string, string]): Promise<StoredAnswerRow[]> {
    return queryRows<StoredAnswerRow>(
      trx,
      'select key, request_hash, response_json from idempotency_keys where user_id = ? and key in (?, ?)',
      [userId, ...keys],
    );
  }

  async insert(
    trx: Database,
    row: { userId: number; key: string; requestHash: string; responseJson: string; createdAt: string },
  ): Promise<void> {
    await insertRows(
      trx,
      'idempotency_keys',
      [
        {
          user_id: row.userId,
          key: row.key,
          request_hash: row.requestHash,
          response_json: row.responseJson,
          created_at: row.createdAt,
        },
      ],
      false,
    );
  }
}
