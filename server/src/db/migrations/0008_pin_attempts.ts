/**
 * PIN attempts (issue #13): counters that must survive a restart, one row
 * per (kind, key), each "at most N per window" claimed by one atomic
 * statement (modules/pnr-guard/repository.ts):
 *
 * - WRONG_PIN_PNR, key the PNR (existing or not): wrong PINs on it; at the
 *   limit it is locked until `locked_until` (PNR_LOCKED, even for the right PIN).
 * - WRONG_PIN_USER, key the user id: wrong PINs by a user over all PNRs.
 * - RESEND_PNR, key the PNR, and RESEND_USER, key the user id: PIN resends (SMS).
 *
 * `tries` counts within the window that began at `window_start`; a row whose
 * window has passed (or whose lock has ended) starts over at the next claim.
 * Times are ISO-8601 UTC strings, like every time in this database. Frozen once released.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pin_attempts')
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('WRONG_PIN_PNR', 'WRONG_PIN_USER', 'RESEND_PNR', 'RESEND_USER')`),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().check(sql`tries >= 0`))
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addPrimaryKeyConstraint('pin_attempts_pk', ['kind', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pin_attempts').ifExists().execute();
}
