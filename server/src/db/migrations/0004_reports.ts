/**
 * Reports (issue #6): the indexes their date-range filters walk. Sales
 * reports read the period's events of one user or of the agent's outlets;
 * the history reads the period's events; reservation details read the
 * agent's reservations made in the period. Frozen once released.
 */
import { sql, type Kysely } from 'kysely';

const INDEXES: Record<string, string> = {
  reservation_events_user_time_idx: 'reservation_events (user_id, created_at)',
  reservation_events_outlet_time_idx: 'reservation_events (outlet_id, created_at)',
  reservation_events_time_idx: 'reservation_events (created_at)',
  reservations_agent_time_idx: 'reservations (agent_id, company_id, created_at, id)',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, on] of Object.entries(INDEXES))
    await sql`create index ${sql.id(name)} on ${sql.raw(on)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).ifExists().execute();
}
