/** The smaller reservation calls of the screen: migration quote, PIN resend. */
import { reservationApi, type RequestBody } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';

export const quoteMigration = (body: RequestBody<typeof reservationApi.validateTripMigration>) =>
  callApi(reservationApi.validateTripMigration, { body });

export const resendPin = (pnr: string) => callApi(reservationApi.resendPin, { body: { pnr } });
