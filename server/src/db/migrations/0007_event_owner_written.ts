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
import { sql, type Kysely } from 'kysely';

export const EVENT_OWNER_FALLBACK_TRIGGER = 'reservation_events_owner_fallback';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists reservation_events_owner_insert`.execute(db);
  await sql`create trigger ${sql.id(EVENT_OWNER_FALLBACK_TRIGGER)} after insert on reservation_events
    when new.reservation_company_id is null begin
    update reservation_events set (reservation_agent_id, reservation_company_id) =
      (select r.agent_id, r.company_id from reservations r where r.id = new.reservation_id)
      where id = new.id;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists ${sql.id(EVENT_OWNER_FALLBACK_TRIGGER)}`.execute(db);
  // 0006's trigger, as it was.
  await sql`create trigger reservation_events_owner_insert after insert on reservation_events begin
    update reservation_events set (reservation_agent_id, reservation_company_id) =
      (select r.agent_id, r.company_id from reservations r where r.id = new.reservation_id)
      where id = new.id;
  end`.execute(db);
}
