import type { Principal } from '../../http/principal';
import type { PnrPinGuard } from './service';

/**
 * The guard of every route that takes a PNR (reservation and ticket-operation routes alike):
 * PNR_RATE_LIMIT_PER_MINUTE requests per user (TOO_MANY_REQUESTS), on top of the guard's wrong-PIN counters.
 */
export function pnrRate(guard: PnrPinGuard): ReadonlyArray<(ctx: { principal: Principal }) => void> {
  return [({ principal }) => guard.checkRate(principal)];
}
