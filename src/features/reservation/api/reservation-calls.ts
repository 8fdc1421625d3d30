/** The smaller reservation calls of the screen: migration quote, PIN resend, print record, look-up by PNR and PIN. */
import { reservationApi, type PRINT_TYPES, type RequestBody } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';

export const quoteMigration = (body: RequestBody<typeof reservationApi.validateTripMigration>) =>
  callApi(reservationApi.validateTripMigration, { body });

export const resendPin = (pnr: string) => callApi(reservationApi.resendPin, { body: { pnr } });

export const recordPrint = (pnr: string, printType: (typeof PRINT_TYPES)[number]) =>
  callApi(reservationApi.savePrintAction, { params: { pnr, printType }, silent: true });

export const reservationByPnrAndPin = (pnr: string, pin: string) =>
  callApi(reservationApi.byPnrAndPin, { body: { pnr, pin } });
