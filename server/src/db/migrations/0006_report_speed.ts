/**
 * Reports over a million reservations (issue #6, `npm run bench:reports`):
 * every report reads only the rows of its agent, outlet or user and period,
 * mostly from covering indexes.
 *
 * - reservation_events carry their reservation's agent and company
 *   (reservation_agent_id, reservation_company_id), copied by triggers when
 *   an event is written and when a reservation changes hands (an operator's
 *   booking confirmed by an agent). The agent reservation history then reads
 *   the agent's events of the period straight from an index, instead of all
 *   the agent's reservations ever, or every agent's events of the period.
 * - The sales reports read a user's or an outlet's events of the period from
 *   covering indexes that hold the company, action, amount and reservation,
 *   and each sale's seat money from a covering seat index: no table row is
 *   read at all. These replace 0004's narrower user, outlet and time indexes
 *   (and 0002's seat index by reservation), so a sale writes as many index
 *   entries as before.
 * - A reservation's refunds (its cancel events) come from an index by
 *   reservation, action and amount (replacing 0002's by reservation and id).
 * - Omitted trips are found by company, state and trip date, and their
 *   reservations through the trip.
 * Frozen once released.
 */
import { sql, type Kysely } from 'kysely';
import { createRowTrigger, dropRowTrigger } from './engine-sql';

/** Indexes this migration adds; the report plan tests name them. */
export const REPORT_INDEXES = {
  eventsByAgent: 'reservation_events_agent_time_idx',
  eventsByUser: 'reservation_events_user_cover_idx',
  eventsByOutlet: 'reservation_events_outlet_cover_idx',
  eventsByReservation: 'reservation_events_reservation_action_idx',
  seatsByReservation: 'reservation_seats_reservation_money_idx',
  omittedTrips: 'trips_company_state_date_idx',
} as const;

const CREATE: Record<string, string> = {
  [REPORT_INDEXES.eventsByAgent]:
    'reservation_events (reservation_agent_id, reservation_company_id, created_at, action, amount_minor)',
  [REPORT_INDEXES.eventsByUser]:
    'reservation_events (user_id, created_at, reservation_company_id, action, amount_minor, outlet_id, reservation_id)',
  [REPORT_INDEXES.eventsByOutlet]:
    'reservation_events (outlet_id, created_at, reservation_company_id, action, amount_minor, user_id, reservation_id)',
  [REPORT_INDEXES.eventsByReservation]: 'reservation_events (reservation_id, action, amount_minor)',
  [REPORT_INDEXES.seatsByReservation]: 'reservation_seats (reservation_id, fare_minor, discount_minor)',
  [REPORT_INDEXES.omittedTrips]: 'trips (company_id, state, trip_date)',
};

/** Earlier indexes that the ones above make redundant (same leading columns, or no reader left). */
const REPLACED: Record<string, string> = {
  reservation_events_user_time_idx: 'reservation_events (user_id, created_at)',
  reservation_events_outlet_time_idx: 'reservation_events (outlet_id, created_at)',
  reservation_events_time_idx: 'reservation_events (created_at)',
  reservation_events_reservation_idx: 'reservation_events (reservation_id, id)',
  reservation_seats_reservation_idx: 'reservation_seats (reservation_id)',
};

/** An event written without its reservation's owner takes it from the reservation (0007 keeps it as a fallback). */
export const RESERVATION_EVENT_OWNER = `update reservation_events set (reservation_agent_id, reservation_company_id) =
      (select r.agent_id, r.company_id from reservations r where r.id = new.reservation_id)
      where id = new.id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reservation_events').addColumn('reservation_agent_id', 'integer').execute();
  await db.schema.alterTable('reservation_events').addColumn('reservation_company_id', 'integer').execute();
  await sql`update reservation_events set (reservation_agent_id, reservation_company_id) =
    (select r.agent_id, r.company_id from reservations r where r.id = reservation_events.reservation_id)`.execute(db);
  await createRowTrigger(db, {
    name: 'reservation_events_owner_insert',
    table: 'reservation_events',
    timing: 'after',
    event: 'insert',
    body: RESERVATION_EVENT_OWNER,
  });
  await createRowTrigger(db, {
    name: 'reservations_owner_update',
    table: 'reservations',
    timing: 'after',
    event: 'update of agent_id, company_id',
    when: 'old.agent_id is distinct from new.agent_id or old.company_id is distinct from new.company_id',
    body: 'update reservation_events set reservation_agent_id = new.agent_id, reservation_company_id = new.company_id where reservation_id = new.id',
  });
  for (const name of Object.keys(REPLACED)) await db.schema.dropIndex(name).ifExists().execute();
  for (const [name, on] of Object.entries(CREATE))
    await sql`create index ${sql.id(name)} on ${sql.raw(on)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(CREATE)) await db.schema.dropIndex(name).ifExists().execute();
  for (const [name, on] of Object.entries(REPLACED))
    await sql`create index if not exists ${sql.id(name)} on ${sql.raw(on)}`.execute(db);
  await dropRowTrigger(db, 'reservations_owner_update', 'reservations');
  await dropRowTrigger(db, 'reservation_events_owner_insert', 'reservation_events');
  await sql`alter table reservation_events drop column reservation_company_id`.execute(db);
  await sql`alter table reservation_events drop column reservation_agent_id`.execute(db);
}
