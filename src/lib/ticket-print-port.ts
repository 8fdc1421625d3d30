/**
 * What the selling, ticket-operation and unprinted screens need from the
 * printing feature. Features do not import each other: app/routes hands the
 * real printTicket in, tests pass a fake.
 */
import { ReservationStatus, type PaperSize, type PRINT_TYPES, type Reservation } from '@agent-portal/contract';
import type { Granted } from './access';

export type PrintType = (typeof PRINT_TYPES)[number];

export interface TicketPrintRequest {
  reservation: Reservation;
  language: 'en' | 'bn';
  paper: PaperSize;
  copies: number;
  deviceName: string | null;
  printType: PrintType;
}

export type TicketPrintResult = { ok: true; recorded: boolean } | { ok: false; reason: string; message?: string };

export interface TicketPrinter {
  print: (request: TicketPrintRequest, deps: { recordPrint: (pnr: string, printType: PrintType) => Promise<unknown> }) => Promise<TicketPrintResult>;
  printTypeFor: (reservation: Pick<Reservation, 'printCount'>) => PrintType;
}

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
