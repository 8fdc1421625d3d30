/**
 * What this screen needs from the printing feature. Features do not import
 * each other: app/routes/reservation-route hands the real printTicket and
 * ticket preview in (through this context), tests a fake.
 */
import { createContext, useContext, type ComponentType } from 'react';
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

export interface TicketPrinting {
  print: (request: TicketPrintRequest, deps: { recordPrint: (pnr: string, printType: PrintType) => Promise<unknown> }) => Promise<TicketPrintResult>;
  printTypeFor: (reservation: Pick<Reservation, 'printCount'>) => PrintType;
  /** The ticket exactly as it prints, on screen. */
  Preview: ComponentType<{ reservation: Reservation; language: 'en' | 'bn'; paper: PaperSize }>;
}

/** Without a printing port (a test that does not need it) printing says it failed rather than crashing. */
const NO_PRINTING: TicketPrinting = {
  print: async () => ({ ok: false, reason: 'BROWSER_PRINT_FAILED' }),
  printTypeFor: (r) => (r.printCount > 0 ? 'REPRINT' : 'ORIGINAL'),
  Preview: () => null,
};

export const TicketPrintingContext = createContext<TicketPrinting>(NO_PRINTING);

export const useTicketPrinting = () => useContext(TicketPrintingContext);
