/**
 * Tables of migration 0002 (the selling engine) as Kysely sees them. Same
 * conventions as schema.ts: ISO-8601 UTC times, 0/1 booleans, *_minor paisa.
 */
import type { Generated, Selectable } from 'kysely';

type Bool = 0 | 1;

export interface CoachLayoutsTable {
  coach_id: number;
  layout_key: string;
  driver_side: 'LEFT' | 'RIGHT';
}
export type TripState = 'OPEN' | 'CLOSED' | 'OMITTED' | 'OMIT_PENDING';
export interface TripsTable {
  id: Generated<number>;
  company_id: number;
  coach_id: number;
  route_id: number;
  /** Local date (company time zone) of the departure from the first stop. */
  trip_date: string;
  departure_at: string;
  state: Generated<TripState>;
  allow_intermediate: Generated<Bool>;
  linked_trip_id: number | null;
  linked_note: string | null;
  created_at: string;
  /** Live events' version of the trip (issue #35, db/live-bus.ts): +1 per committed change of its seats. */
  live_version: Generated<number>;
}
export interface TripStopsTable {
  trip_id: number;
  stop_index: number;
  station_id: number;
  time: string;
}
export interface FaresTable {
  id: Generated<number>;
  trip_id: number | null;
  route_id: number;
  coach_type_id: number | null;
  from_index: number;
  to_index: number;
  seat_type: string;
  fare_minor: number;
}
export interface CouponsTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  coupon_type: 'FIXED' | 'PERCENT';
  /** Money per seat in paisa (FIXED) or percent in hundredths (PERCENT). */
  value_hundredths: number;
  route_id: number | null;
  valid_from: string;
  valid_until: string;
  per_phone_limit: number | null;
  active: Generated<Bool>;
}
export interface ReservationsTable {
  id: Generated<number>;
  pnr: string;
  pin_hash: string;
  status: number;
  kind: 'SELL' | 'BOOK' | 'OPEN' | 'MIGRATE' | 'ADMIN_BOOK' | 'LINK';
  company_id: number;
  trip_id: number | null;
  route_id: number;
  from_index: number;
  to_index: number;
  origin_station_id: number;
  destination_station_id: number;
  passenger_name: string;
  passenger_phone: string;
  passenger_country: string;
  passenger_email: string | null;
  passenger_remarks: string | null;
  agent_id: number | null;
  outlet_id: number | null;
  user_id: number | null;
  fare_minor: number;
  discount_minor: Generated<number>;
  /** What the agent's ledger was debited for this reservation, net of refunds. */
  charged_minor: Generated<number>;
  coupon_id: number | null;
  reference_pnr: string | null;
  /**
   * The stop the cancellation terms are timed from once the boarding point moved (migration 0014); null: from_index.
   */
  fine_from_index: number | null;
  /**
   * The smallest fine percent the ticket cancels at (migration 0015): 0 for a sale or booking, 100 for an open
   * ticket; a migration's ticket never less than its source's (reservation/migration-rule.ts). Never lowered.
   */
  fine_floor_percent: Generated<number>;
  expires_at: string | null;
  print_count: Generated<number>;
  created_at: string;
  updated_at: string;
}
export interface ReservationSeatsTable {
  id: Generated<number>;
  reservation_id: number;
  trip_id: number | null;
  seat_name: string;
  seat_type: string;
  from_index: number;
  to_index: number;
  fare_minor: number;
  discount_minor: Generated<number>;
  commission_minor: Generated<number>;
  status: number;
  active: Generated<Bool>;
}
export interface SeatLocksTable {
  trip_id: number;
  seat_name: string;
  from_index: number;
  to_index: number;
  user_id: number;
  expires_at: string;
}
export interface CouponUsesTable {
  id: Generated<number>;
  coupon_id: number;
  phone: string;
  reservation_id: number;
  trip_id: number | null;
  active: Generated<Bool>;
  created_at: string;
}
export interface CommissionsTable {
  id: Generated<number>;
  agent_id: number;
  company_id: number;
  reservation_id: number;
  kind: 'SALE' | 'REVERSAL';
  rate_hundredths: number | null;
  commission_type: 'PERCENT' | 'FIXED' | null;
  amount_minor: number;
  paid: Generated<Bool>;
  paid_at: string | null;
  employee: string | null;
  created_at: string;
}
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  response_json: string;
  created_at: string;
}
export interface PrintActionsTable {
  id: Generated<number>;
  reservation_id: number;
  print_type: string;
  user_id: number;
  created_at: string;
}
export interface DelayedCancelRequestsTable {
  id: Generated<number>;
  reservation_id: number;
  reason_id: number;
  remarks: string | null;
  /** PENDING, then APPROVED or REJECTED by the operator (`delayed-cancel approve|reject`). */
  status: Generated<string>;
  user_id: number;
  created_at: string;
  /** Migration 0012: the operator's decision, who took it, the rejection reason, the refund of an approval. */
  decided_at: Generated<string | null>;
  decided_by: Generated<string | null>;
  decision_remarks: Generated<string | null>;
  refund_minor: Generated<number | null>;
}
export interface ReservationEventsTable {
  id: Generated<number>;
  reservation_id: number;
  action: string;
  user_id: number | null;
  outlet_id: number | null;
  amount_minor: number | null;
  remarks: string | null;
  created_at: string;
}
/** Passenger memory of one agent in one company (migration 0009); phones in canonicalPhone's form. */
export interface KnownPassengersTable {
  company_id: number;
  agent_id: number;
  phone: string;
  country_code: string;
  name: string;
  email: string | null;
  updated_at: string;
}

/** Migration 0008: wrong-PIN and PIN-resend counters (modules/pnr-guard). */
export type PinAttemptKind = 'WRONG_PIN_PNR' | 'WRONG_PIN_USER' | 'RESEND_PNR' | 'RESEND_USER';
export interface PinAttemptsTable {
  kind: PinAttemptKind;
  /**
   * The PNR (WRONG_PIN_PNR, RESEND_PNR) or the user id (WRONG_PIN_USER, RESEND_USER); WRONG_PIN_USER also keys
   * `<userId>:<PNR>`, a caller's tries on a PNR it may not access (pnr-guard).
   */
  key: string;
  /** Claimed tries in the window that began at window_start. */
  tries: number;
  window_start: string;
  /** Refused until then (reached the limit); null when not. */
  locked_until: string | null;
}

export interface ReservationTables {
  coach_layouts: CoachLayoutsTable;
  trips: TripsTable;
  trip_stops: TripStopsTable;
  fares: FaresTable;
  coupons: CouponsTable;
  reservations: ReservationsTable;
  reservation_seats: ReservationSeatsTable;
  seat_locks: SeatLocksTable;
  coupon_uses: CouponUsesTable;
  commissions: CommissionsTable;
  idempotency_keys: IdempotencyKeysTable;
  print_actions: PrintActionsTable;
  delayed_cancel_requests: DelayedCancelRequestsTable;
  reservation_events: ReservationEventsTable;
  known_passengers: KnownPassengersTable;
  pin_attempts: PinAttemptsTable;
}

/** A reservation and one of its seats as stored, for the modules (reservation/rows.ts), which import no Kysely. */
export type ReservationRow = Selectable<ReservationsTable>;
export type ReservationSeatRow = Selectable<ReservationSeatsTable>;
