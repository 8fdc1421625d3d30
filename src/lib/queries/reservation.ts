/** The one look-up of a reservation by its PNR and PIN, for every screen that finds a ticket that way. */
import { reservationApi } from '@agent-portal/contract';
import { callApi } from '../api/call-api';

/**
 * The reservation with its current fine, return amount and allowed actions.
 * A wrong PNR or PIN is toasted by callApi, like every API error.
 */
export function reservationByPnrAndPin(pnr: string, pin: string) {
  return callApi(reservationApi.byPnrAndPin, { body: { pnr, pin } });
}
