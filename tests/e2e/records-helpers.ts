/** Steps the records e2e specs share: a ticket sold through the real HTTP API. */
import type { APIRequestContext } from '@playwright/test';
import { makeTicket, type ApiTicket } from './support/tickets';

/** Sells one free seat of a PADMA Dhaka -> Chattogram trip a few days ahead as the demo agent. */
export function sellTicket(request: APIRequestContext): Promise<ApiTicket> {
  return makeTicket(request, {
    kind: 'SELL',
    count: 1,
    days: [4, 5, 6, 7],
    passenger: { name: 'Records Passenger', phone: '+8801711556677' },
  });
}
