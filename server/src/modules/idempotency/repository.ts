import type { Database } from '../../db/database';
import { insertRows, queryRows } from '../../db/precompiled';

export interface StoredAnswerRow {
  key: string;
  request_hash: string;
  response_json: string;
}

/** Stored answers by Idempotency-Key, read and written inside the money movement's unit. */
export class IdempotencyRepository {
  constructor(private readonly db: Database) {}

  /**
   * The rows stored under any of `keys` for the user (the sealed lookup key, and the key in clear of a row stored
   * before answers were sealed): one read for both.
   */
  async find(userId: number, keys: readonly [string, string]): Promise<StoredAnswerRow[]> {
    return queryRows<StoredAnswerRow>(
      this.db,
      'select key, request_hash, response_json from idempotency_keys where user_id = ? and key in (?, ?)',
      [userId, ...keys],
    );
  }

  async insert(row: {
    userId: number;
    key: string;
    requestHash: string;
    responseJson: string;
    createdAt: string;
  }): Promise<void> {
    await insertRows(
      this.db,
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
