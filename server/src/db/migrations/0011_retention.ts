/**
 * Retention (issue #14): what the retention job (modules/retention) deletes
 * or masks is found by time through an index, so a purge reads only what it
 * removes. An outbox message that carries a code or a PIN keeps a masked copy
 * of its text, which replaces the text once the secret has served its purpose.
 * Frozen once released.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sms_outbox add column masked_text text`.execute(db);
  await sql`create index sms_outbox_created_idx on sms_outbox (created_at)`.execute(db);
  await sql`create index sms_outbox_unmasked_idx on sms_outbox (created_at) where masked_text is not null`.execute(db);
  await sql`create index sessions_last_seen_idx on sessions (last_seen_at)`.execute(db);
  await sql`create index otps_created_idx on otps (created_at)`.execute(db);
  await sql`create index idempotency_keys_created_idx on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'idempotency_keys_created_idx',
    'otps_created_idx',
    'sessions_last_seen_idx',
    'sms_outbox_unmasked_idx',
    'sms_outbox_created_idx',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  await sql`alter table sms_outbox drop column masked_text`.execute(db);
}
