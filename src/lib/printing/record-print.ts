/** The one record of a ticket print with the server; printTicket calls it only once the ticket printed. */
import { reservationApi } from '@agent-portal/contract';
import { callApi } from '../api/call-api';
import type { PrintType } from './ticket-html';

/** GET /api/reservation/savePrintAction/:pnr/:printType; silent: the screen says "printed, not recorded" itself. */
export function recordPrint(pnr: string, printType: PrintType) {
  return callApi(reservationApi.savePrintAction, { params: { pnr, printType }, silent: true });
}
