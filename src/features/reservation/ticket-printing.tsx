/**
 * What this screen needs from the printing feature. Features do not import
 * each other: app/routes/reservation-route hands the real printTicket and
 * ticket preview in (through this context), tests a fake.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { PaperSize, Reservation } from '@agent-portal/contract';
import type { TicketPrinter } from '../../lib/ticket-print-port';

export type { PrintType, TicketPrintRequest, TicketPrintResult } from '../../lib/ticket-print-port';

export interface TicketPrinting extends TicketPrinter {
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
