import { reservationApi, type PRINT_TYPES } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';

/** Records a print with the server; called by printTicket only once the ticket printed. */
export function recordPrint(pnr: string, printType: (typeof PRINT_TYPES)[number]) {
  return callApi(reservationApi.savePrintAction, { params: { pnr, printType }, silent: true });
}
