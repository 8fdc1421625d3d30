/**
 * Every module's routes, in one table: each module registers the calls it owns (whatever their address's prefix,
 * e.g. the seat lock lives under /api/reservation/ but is the seat-lock module's), and app.ts registers the table.
 * `module` names the folder of server/src/modules the routes come from; test/module-routes.test.ts holds every
 * contract address to exactly one registration, by the module named here, and every modules/<name>/routes.ts to a row.
 */
import type { RouteRegistrar } from './routes';
import { unitsOf } from '../db/units';
import { registerAccountRoutes } from '../modules/account/routes';
import { registerAuthRoutes } from '../modules/auth/routes';
import { registerCommissionRoutes } from '../modules/commission/routes';
import { registerDepositRoutes } from '../modules/deposit/routes';
import { registerDeviceRoutes } from '../modules/device/routes';
import { registerExtraWeightRoutes } from '../modules/extra-weight/routes';
import { registerFareQuoteRoutes } from '../modules/fare-quote/routes';
import { registerLiveRoutes } from '../modules/live/routes';
import { registerLookupRoutes } from '../modules/lookup/routes';
import { registerSystemRoutes } from '../modules/maintenance/routes';
import { registerPassengerRoutes } from '../modules/passenger/routes';
import { registerPasswordRoutes } from '../modules/password/routes';
import { registerProfileRoutes } from '../modules/profile/routes';
import type { FileQueue } from '../modules/reports/file-queue';
import type { ReportPool } from '../modules/reports/pool';
import { registerReportsRoutes } from '../modules/reports/routes';
import { registerReservationRoutes } from '../modules/reservation/routes';
import { registerSeatLockRoutes } from '../modules/seat-lock/routes';
import { registerTicketOperationRoutes } from '../modules/ticket-operation/routes';
import { registerTransactionRoutes } from '../modules/transaction/routes';
import { registerTripRoutes } from '../modules/trip/routes';
import { registerUnprintedRoutes } from '../modules/unprinted/routes';
import { registerVoucherRoutes } from '../modules/voucher/routes';
import type { Dependencies, Services } from '../services';

/**
 * What routes are made over: the app's dependencies (config, database, clock), the services, and the reports' worker
 * pool (null: in-thread) and per-user file line.
 */
export interface RouteDeps extends Dependencies {
  services: Services;
  reportPool: ReportPool | null;
  reportFiles: FileQueue;
}

export interface ModuleRoutes {
  /** The folder under server/src/modules whose routes.ts this is. */
  module: string;
  register(routes: RouteRegistrar, deps: RouteDeps): void | Promise<void>;
}

/** One row per module with routes; a new module adds its row (the order is the OpenAPI document's). */
export const MODULE_ROUTES: readonly ModuleRoutes[] = [
  { module: 'maintenance', register: (r, { services }) => registerSystemRoutes(r, services.maintenance) },
  { module: 'auth', register: (r, { services }) => registerAuthRoutes(r, services.auth) },
  { module: 'password', register: (r, { services }) => registerPasswordRoutes(r, services.passwords) },
  { module: 'profile', register: (r, { services }) => registerProfileRoutes(r, services.profiles) },
  { module: 'account', register: (r, { services }) => registerAccountRoutes(r, services.accounts) },
  { module: 'lookup', register: (r, { services }) => registerLookupRoutes(r, services.lookups) },
  { module: 'device', register: (r, { services }) => registerDeviceRoutes(r, services.devices) },
  { module: 'trip', register: (r, { services }) => registerTripRoutes(r, services.trips) },
  { module: 'seat-lock', register: (r, { services }) => registerSeatLockRoutes(r, services.seatLocks) },
  { module: 'reservation', register: (r, { services }) => registerReservationRoutes(r, services) },
  { module: 'ticket-operation', register: (r, { services }) => registerTicketOperationRoutes(r, services) },
  { module: 'fare-quote', register: (r, { services }) => registerFareQuoteRoutes(r, services.fareQuotes) },
  { module: 'passenger', register: (r, { services }) => registerPassengerRoutes(r, services.passengers) },
  { module: 'deposit', register: (r, { services }) => registerDepositRoutes(r, services.deposits) },
  { module: 'transaction', register: (r, { services }) => registerTransactionRoutes(r, services.transactions) },
  { module: 'commission', register: (r, { services }) => registerCommissionRoutes(r, services.commissionRecords) },
  { module: 'extra-weight', register: (r, { services }) => registerExtraWeightRoutes(r, services.extraWeight) },
  { module: 'unprinted', register: (r, { services }) => registerUnprintedRoutes(r, services.unprinted) },
  { module: 'voucher', register: (r, { services }) => registerVoucherRoutes(r, services.vouchers) },
  {
    module: 'reports',
    register: (r, { services, reportPool, reportFiles }) =>
      registerReportsRoutes(r, services.reports, reportPool, reportFiles),
  },
  {
    module: 'live',
    // Only when on (LIVE_EVENTS); off, its calls do not exist: 404, as on a server with only the specification's API.
    register: async (r, deps) => {
      // The bus the units raise on (the Units port's, one per database).
      if (deps.config.live.enabled)
        r.app.decorate('live', await registerLiveRoutes(r, { ...deps, units: unitsOf(deps.db) }));
    },
  },
];

/** Registers every module's routes (app.ts). */
export async function registerModuleRoutes(routes: RouteRegistrar, deps: RouteDeps): Promise<void> {
  for (const row of MODULE_ROUTES) await row.register(routes, deps);
}
