/**
 * What this screen needs from the printing feature: app/routes hands in the
 * same printTicket the reservation screen uses; tests a fake.
 */
import type { PaperSize, Reservation } from '@agent-portal/contract';

export interface TicketPrintRequest {
  reservation: Reservation;
  language: 'en' | 'bn';
  paper: PaperSize;
  copies: number;
  deviceName: string | null;
  printType: 'ORIGINAL' | 'REPRINT';
}

export type TicketPrintResult = { ok: true; recorded: boolean } | { ok: false; reason: string; message?: string };

export interface TicketPrinter {
  print: (request: TicketPrintRequest, deps: { recordPrint: (pnr: string, printType: 'ORIGINAL' | 'REPRINT') => Promise<unknown> }) => Promise<TicketPrintResult>;
}
