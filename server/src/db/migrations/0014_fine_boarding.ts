/**
 * Change boarding point (issue #16, item 6): a ticket whose boarding point
 * moved later keeps the cancellation terms of the stop it was sold from.
 * reservations.fine_from_index: that stop's index on the trip, set by the
 * first change (null: never moved, the boarding point itself). The
 * cancellation fine and cut-off, the delayed-cancel cut-off and the
 * migration deadline are timed from it (reservation/fines.ts
 * fineBoardingIndex), so moving the boarding point never turns a ticket that
 * can no longer be cancelled for money into one that can.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reservations').addColumn('fine_from_index', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reservations drop column fine_from_index`.execute(db);
}
