/**
 * Delayed-cancel decisions (issue #14): the operator approves a request
 * (the reservation is cancelled and refunded) or rejects it with a reason.
 * The request keeps when, by whom, why, and what was refunded; pending
 * requests are found through a partial index. Frozen once released.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table delayed_cancel_requests add column decided_at text`.execute(db);
  await sql`alter table delayed_cancel_requests add column decided_by text`.execute(db);
  await sql`alter table delayed_cancel_requests add column decision_remarks text`.execute(db);
  await db.schema.alterTable('delayed_cancel_requests').addColumn('refund_minor', 'integer').execute();
  await sql`create index delayed_cancel_requests_pending_idx on delayed_cancel_requests (reservation_id) where status = 'PENDING'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists delayed_cancel_requests_pending_idx`.execute(db);
  for (const column of ['refund_minor', 'decision_remarks', 'decided_by', 'decided_at']) {
    await sql`alter table delayed_cancel_requests drop column ${sql.id(column)}`.execute(db);
  }
}
