import { reservationApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { FareQuoteService } from './service';

/** The permission is the sale's of the quoted kind, checked by the service (like createReservation). */
export function registerFareQuoteRoutes(routes: RouteRegistrar, quotes: FareQuoteService): void {
  routes.add(reservationApi.quote, {
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => quotes.quote(principal, body),
  });
}
