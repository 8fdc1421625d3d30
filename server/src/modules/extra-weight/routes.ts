import { extraWeightApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import { idempotencyKeyOf } from '../idempotency/service';
import type { ExtraWeightService } from './service';

/** Reading a charge is open to whoever may see, sell or return one. */
const EXTRA_WEIGHT_ANY = {
  anyOf: ['AGENT_VIEW_EXTRA_WEIGHT_CHARGE', 'AGENT_SELL_EXTRA_WEIGHT_CHARGE', 'AGENT_RETURN_EXTRA_WEIGHT_CHARGE'],
} as const;

export function registerExtraWeightRoutes(routes: RouteRegistrar, extraWeight: ExtraWeightService): void {
  routes.add(extraWeightApi.charge, {
    permission: { allOf: ['AGENT_SELL_EXTRA_WEIGHT_CHARGE'] },
    company: ({ body }) => body.companyId,
    handler: ({ body, principal, req }) => extraWeight.charge(principal, body, idempotencyKeyOf(req.headers)),
  });
  routes.add(extraWeightApi.cancel, {
    permission: { allOf: ['AGENT_RETURN_EXTRA_WEIGHT_CHARGE'] },
    handler: ({ body, principal, req }) => extraWeight.cancel(principal, body.pnr, idempotencyKeyOf(req.headers)),
  });
  routes.add(extraWeightApi.find, {
    permission: EXTRA_WEIGHT_ANY,
    handler: ({ body, principal }) => extraWeight.find(principal, body.pnr),
  });
  routes.add(extraWeightApi.list, {
    permission: EXTRA_WEIGHT_ANY,
    company: ({ body }) => body.companyId,
    handler: ({ body, principal }) => extraWeight.list(principal, body),
  });
  routes.add(extraWeightApi.savePrintAction, {
    permission: EXTRA_WEIGHT_ANY,
    handler: ({ body, principal }) => extraWeight.savePrint(principal, body.pnr, body.printType),
  });
}
