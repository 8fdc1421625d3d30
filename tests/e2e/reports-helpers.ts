/** Steps the reports e2e spec needs: tickets sold through the real HTTP API, with the trip they are on. */
import type { APIRequestContext } from '@playwright/test';
import { localDate } from './support/clock';
import { makeTicket, type ApiTicket } from './support/tickets';

/** The company's local date `days` from the e2e server's today. */
export const dhakaDate = localDate;

export type SoldTicket = ApiTicket;

/**
 * Sells one free seat of a PADMA Dhaka -> Chattogram trip as the demo agent,
 * on the first of the given days ahead with a free seat.
 */
export function sellTicketOn(request: APIRequestContext, daysAhead: readonly number[]): Promise<SoldTicket> {
  return makeTicket(request, {
    kind: 'SELL',
    count: 1,
    days: daysAhead,
    passenger: { name: 'Report Passenger', phone: '+8801711889900' },
  });
}

/** The report screens' paths under /report/, in the drawer's order (their keys are Alt+Shift+1..8 in it). */
export const REPORT_PATHS = [
  'sales-summary',
  'sales-details',
  'outlet-sales',
  'outlet-date-range-sales',
  'outlet-details-sales-date-range',
  'omitted-trips-reservation-details',
  'agent-reservation-details',
  'agent-reservation-history',
];
