import type { Database } from '../../db/database';
import { insertRows } from '../../db/precompiled';
import type { Unit } from '../../db/units';

export interface OutboxMessage {
  id: number;
  createdAt: string;
  to: string;
  text: string;
  purpose: string;
  username: string | null;
}

/** One message of the outbox, as both ways of storing it take it. */
type OutboxRow = {
  to: string;
  text: string;
  maskedText: string | null;
  userId: number | null;
  purpose: string;
  createdAt: string;
};

export class SmsOutboxRepository {
  constructor(private readonly db: Database) {}

  /**
   * Through this repository's database (a unit's, inside one), or into the unit's write batch when given one; SQL made
   * once (db/precompiled.ts), one row per sale.
   */
  async insert(row: OutboxRow): Promise<void> {
    await insertRows(
      this.db,
      'sms_outbox',
      [
        {
          to_phone: row.to,
          text: row.text,
          masked_text: row.maskedText,
          user_id: row.userId,
          purpose: row.purpose,
          created_at: row.createdAt,
        },
      ],
      false,
    );
  }

  /** The last `limit` messages (optionally to one user), oldest first. */
  async last(limit: number, username?: string): Promise<OutboxMessage[]> {
    let query = this.db
      .selectFrom('sms_outbox as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.created_at', 'm.to_phone', 'm.text', 'm.purpose', 'u.username'])
      .orderBy('m.id', 'desc')
      .limit(limit);
    if (username !== undefined) query = query.where('u.username', '=', username);
    const rows = await query.execute();
    return rows.reverse().map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      to: r.to_phone,
      text: r.text,
      purpose: r.purpose,
      username: r.username,
    }));
  }
}

/** An outbox row as insertRows spells it (one row), the text the unit's deferred writes carry. */
const INSERT_LATER =
  'insert into "sms_outbox" ("to_phone", "text", "masked_text", "user_id", "purpose", "created_at") values (?, ?, ?, ?, ?, ?)';

/**
 * The outbox row as one of the unit's deferred writes (Unit.later: SQLite writes it at once, PostgreSQL with the
 * unit's other deferred writes in one statement). Only a unit makes it (its constructor takes the Unit).
 */
export class SmsOutboxLater {
  constructor(
    _db: Database,
    private readonly unit: Unit,
  ) {}

  add(row: OutboxRow): Promise<void> {
    return this.unit.later(INSERT_LATER, [row.to, row.text, row.maskedText, row.userId, row.purpose, row.createdAt]);
  }
}
