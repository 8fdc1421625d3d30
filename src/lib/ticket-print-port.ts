/**
 * What the selling, ticket-operation and unprinted screens need from the
 * printing feature. Features do not import each other: app/routes hands the
 * real printTicket in, tests pass a fake.
 */
import type { PaperSize, PRINT_TYPES, Reservation } from '@agent-portal/contract';

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
