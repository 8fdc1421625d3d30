import { printTicket, printTypeFor } from '../../features/printing';
import { TicketOperationPage } from '../../features/ticket-operation/ticket-operation-page';
import type { TicketPrinter } from '../../features/ticket-operation/ticket-printer';

/** Features do not import each other: the ticket-operation screen gets its printing here. */
const printer: TicketPrinter = { print: printTicket, printTypeFor };

export function TicketOperationRoute() {
  return <TicketOperationPage printer={printer} />;
}
