/**
 * Issue #32, items 3 and 7. Frozen once released.
 *
 * - devices.bound_uuid_hash, devices.bound_at: the install an approved device
 *   is bound to, the SHA-256 (hex) of the uuid it sent at its first sign-in
 *   after approval (trust on first use). A device id is shown on screen; the
 *   uuid never is, so another machine naming the id is refused. The operator
 *   clears the binding for a reinstalled PC (`device reset-binding`).
 * - otp_cooldowns: the resend cool-down of usernames that get no OTP (unknown
 *   or unreachable), by a hash of the normalised name, in the database like
 *   a real user's OTP, so every process and a restart answer them alike.
 *   Pruned by the retention job through the index on sent_at.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table devices add column bound_uuid_hash text`.execute(db);
  await sql`alter table devices add column bound_at text`.execute(db);
  await sql`create table otp_cooldowns (
    name_hash text primary key,
    sent_at text not null
  )`.execute(db);
  await sql`create index otp_cooldowns_sent_idx on otp_cooldowns (sent_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists otp_cooldowns`.execute(db);
  await sql`alter table devices drop column bound_at`.execute(db);
  await sql`alter table devices drop column bound_uuid_hash`.execute(db);
}
