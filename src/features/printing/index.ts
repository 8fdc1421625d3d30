export { renderTicketHtml, printTypeFor, type PrintType, type TicketOptions } from './ticket-html';
export {
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
export { TicketPreview, type TicketPreviewProps } from './ticket-preview';
export { useTicketHtml, type TicketHtmlRequest } from './use-ticket-html';
export { loadTicketFonts, type TicketFonts } from './ticket-fonts';
export { TICKET_LABELS, TICKET_LANGUAGES, type TicketLabels, type TicketLanguage } from './ticket-labels';
export { printHtmlInBrowser } from './browser-print';
export { shellPrintBridge, type TicketPrintBridge } from './print-bridge';
