/** The printing port this screen is handed (see src/lib/ticket-print-port). */
export type { PrintType, TicketPrintRequest, TicketPrintResult, TicketPrinter } from '../../lib/ticket-print-port';
