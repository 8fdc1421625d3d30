/**
 * Device secrets (issue #13): the device that registers a device id first is
 * handed a random secret, kept here as its SHA-256; only that secret fetches
 * the device's licence key again (device ids are not secret: the sign-in
 * screen shows them). Rows registered before have none until their next
 * registration. Frozen once released.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('secret_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('secret_hash').execute();
}
