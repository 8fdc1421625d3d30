import type { authApi, deviceApi, lookupApi, systemApi } from './api';
import type { accountApi } from './api-account';
import type { extraWeightApi } from './api-extra-weight';
import type { reportProgressApi, reportsApi } from './api-reports';
import type { passengerApi, reservationApi, tripApi } from './api-reservation';
import type { unprintedApi } from './api-unprinted';
import type { voucherApi } from './api-voucher';
import type { Endpoint } from './endpoint';
import type { EndpointAddress } from './plain/address';

type Values<T> = T[keyof T];

/** Every endpoint of the contract's API tables (reportFilesApi aside: the same addresses as reportsApi). */
export type ContractEndpoint =
  | Values<typeof authApi>
  | Values<typeof lookupApi>
  | Values<typeof deviceApi>
  | Values<typeof systemApi>
  | Values<typeof tripApi>
  | Values<typeof reservationApi>
  | Values<typeof passengerApi>
  | Values<typeof accountApi>
  | Values<typeof extraWeightApi>
  | Values<typeof unprintedApi>
  | Values<typeof voucherApi>
  | Values<typeof reportsApi>
  | Values<typeof reportProgressApi>;

/**
 * The endpoint at an address, as a type: an Endpoint is itself; a plain
 * address (plain/addresses.ts) is the contract's endpoint of the same method
 * and path. A fetcher given only an address still types its body, params
 * and answer from the schemas, without loading them.
 */
export type EndpointAt<A extends EndpointAddress> = A extends Endpoint
  ? A
  : Extract<ContractEndpoint, { method: A['method']; path: A['path'] }>;
