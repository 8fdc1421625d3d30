/**
 * A reservation and one of its seats as stored: the reservation module's row types, for every module (its repository
 * stays its own). Spelled in db/ (Kysely's Selectable), which modules do not import.
 */
export type { ReservationRow, ReservationSeatRow } from '../../db/schema-reservations';

/**
 * One history row. `owner`: the reservation's agent and company as they
 * stand once the caller's writes are done, written with the row (the
 * reports read them, migration 0006); give it only when sure (a sale, a
 * migration's source). Without it the fallback trigger of migration 0007
 * copies them from the reservation, one more write of the row.
 */
export interface ReservationEvent {
  reservationId: number;
  action: string;
  userId: number | null;
  outletId: number | null;
  amountMinor?: number | null;
  remarks?: string | null;
  at: string;
  owner?: { agentId: number | null; companyId: number };
}
