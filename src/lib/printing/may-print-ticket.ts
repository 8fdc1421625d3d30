/** Who may print a ticket, and when: one rule for every screen that offers a print. */
import { ReservationStatus, type Reservation } from '@agent-portal/contract';
import type { Granted } from '../access';

/** A ticket is printed while it holds seats for a journey: sold, booked or open. */
const PRINTABLE: readonly number[] = [ReservationStatus.SOLD, ReservationStatus.BOOKED, ReservationStatus.OPEN];

/**
 * Whether this user may print the ticket now, on every screen that offers a
 * print: the first print belongs to the sale itself, a reprint needs
 * AGENT_PRINT_TICKET (the server refuses to record it otherwise, so the paper
 * would be out with no trace of it).
 */
export function mayPrintTicket(reservation: Pick<Reservation, 'status' | 'printCount'>, granted: Granted): boolean {
  return PRINTABLE.includes(reservation.status) && (reservation.printCount === 0 || granted.has('AGENT_PRINT_TICKET'));
}
