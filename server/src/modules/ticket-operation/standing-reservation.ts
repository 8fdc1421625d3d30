import { ReservationStatus } from '@agent-portal/contract';
import type { Unit } from '../../db/units';
import type { Principal } from '../../http/principal';
import type { BookingExpiryService } from '../booking-expiry/service';
import type { PnrPinGuard } from '../pnr-guard/service';
import type { ReservationRecords } from '../reservation/records';
import type { ReservationRow } from '../reservation/rows';

/**
 * Inside a ticket operation's unit: the reservation the PNR+PIN guard verified, as it stands now (locked, then
 * rechecked in the unit). A booking whose hold has lapsed is expired first, with its trip's other lapsed bookings,
 * and read again, so an operation acts on what the counter would see, never on a hold that has run out.
 */
export async function standingReservation(
  uow: Unit,
  d: { guard: PnrPinGuard; expiry: BookingExpiryService; reservations: ReservationRecords },
  principal: Principal,
  verified: ReservationRow,
): Promise<ReservationRow> {
  // Locked before it is read and checked (issue 32, item 2): a second operation on the ticket at once waits, then
  // finds what this one did.
  await d.reservations.lockForChange(uow, verified.id);
  const row = await d.guard.recheck(uow, principal, verified);
  if (row.trip_id === null || row.status !== ReservationStatus.BOOKED) return row;
  return (await d.expiry.expireIn(uow, row.trip_id)) > 0 ? d.reservations.byIdIn(uow, row.id) : row;
}
