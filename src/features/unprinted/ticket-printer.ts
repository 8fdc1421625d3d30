/** The printing port this screen is handed (see src/lib/ticket-print-port). */
export type { TicketPrintRequest, TicketPrintResult, TicketPrinter } from '../../lib/ticket-print-port';
