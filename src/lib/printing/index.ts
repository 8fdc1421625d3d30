/**
 * Printing is infrastructure: every screen imports what it prints with from
 * here. Tickets (printTicket, ticketPdf, the preview), documents of the
 * portal's own (printDocument: receipts, lists, reports), the one record of
 * a ticket print (recordPrint) and who may print (mayPrintTicket). Both print
 * paths go through one shell-or-browser branch (print-output.ts).
 */
export { renderTicketHtml, printTypeFor, type PrintType, type TicketOptions } from './ticket-html';
export {
  chosenTicketPrint,
  printTicket,
  ticketPdf,
  type PrintDeps,
  type PrintFailure,
  type PrintFailureReason,
  type PrintTicketDeps,
  type PrintTicketRequest,
  type PrintTicketResult,
  type TicketPdfRequest,
  type TicketPdfResult,
} from './print-ticket';
export { printDocument, type PrintOutput } from './print-document';
export { recordPrint } from './record-print';
export { mayPrintTicket } from './may-print-ticket';
export { ROLL_WIDTH_MM, type PrintTarget } from './print-output';
export { listPageCss } from './list-style';
export { TicketPreview, type TicketPreviewProps } from './ticket-preview';
export { useTicketHtml, type TicketHtmlRequest } from './use-ticket-html';
export { loadTicketFonts, type TicketFonts } from './ticket-fonts';
export { TICKET_LABELS, TICKET_LANGUAGES, type TicketLabels, type TicketLanguage } from './ticket-labels';
export { printHtmlInBrowser } from './browser-print';
export { shellPrintBridge, type TicketPrintBridge } from './print-bridge';
