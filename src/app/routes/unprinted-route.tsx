import { printTicket, printTypeFor } from '../../features/printing';
import type { TicketPrinter } from '../../features/unprinted/ticket-printer';
import { UnprintedTicketPage } from '../../features/unprinted/unprinted-page';

/** Features do not import each other: unprinted tickets print through the reservation screen's printTicket. */
const printer: TicketPrinter = { print: printTicket, printTypeFor };

export function UnprintedRoute() {
  return <UnprintedTicketPage printer={printer} />;
}
