/**
 * Event owners written by the sale itself (bench:sell, issue #3).
 *
 * 0006 copies a reservation's agent and company onto each of its
 * reservation_events rows (reservation_agent_id, reservation_company_id)
 * with a trigger that, after every event insert, reads the reservation and
 * updates the row it just wrote: a second write of the row and of its
 * covering index entries, on every sale. The sale knows both values, so it
 * now writes them with the event (ReservationRepository.event's owner).
 *
 * That insert trigger is dropped. In its place a fallback fires only for an
 * event written WITHOUT an owner (reservation_company_id is null: a real
 * event's company never is, the column is the reservation's non-null
 * company_id): the rarer writers (booking expiry, operator holds, extra
 * weight, a failed SMS, any other process or tool writing the file) keep
 * getting the owner copied, and a sale pays only the WHEN test. 0006's
 * trigger that rewrites the owners when a reservation changes hands stays.
 * Frozen once released.
 */
import type { Kysely } from 'kysely';
import { RESERVATION_EVENT_OWNER } from './0006_report_speed';
import { createRowTrigger, dropRowTrigger } from './engine-sql';

export const EVENT_OWNER_FALLBACK_TRIGGER = 'reservation_events_owner_fallback';

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropRowTrigger(db, 'reservation_events_owner_insert', 'reservation_events');
  await createRowTrigger(db, {
    name: EVENT_OWNER_FALLBACK_TRIGGER,
    table: 'reservation_events',
    timing: 'after',
    event: 'insert',
    when: 'new.reservation_company_id is null',
    body: RESERVATION_EVENT_OWNER,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTrigger(db, EVENT_OWNER_FALLBACK_TRIGGER, 'reservation_events');
  // 0006's trigger, as it was.
  await createRowTrigger(db, {
    name: 'reservation_events_owner_insert',
    table: 'reservation_events',
    timing: 'after',
    event: 'insert',
    body: RESERVATION_EVENT_OWNER,
  });
}
