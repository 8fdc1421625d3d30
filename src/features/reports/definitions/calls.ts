/**
 * The report calls the definitions share: JSON for the table (format sent
 * explicitly: three reports answer a PDF by default) and the same endpoints
 * as file downloads (?format=pdf|xlsx&lang=).
 */
import { reportsApi, type Endpoint } from '@agent-portal/contract';
import type { z } from 'zod';

export const JSON_FORMAT = { format: 'json' } as const;

type AsFile<E extends Endpoint> = Omit<E, 'response' | 'file'> & { response: z.ZodType<Blob>; file: true };
const asFile = <E extends Endpoint>(endpoint: E) => ({ ...endpoint, file: true }) as unknown as AsFile<E>;

/** The eight reports as downloads: same method, path, params and body; callApi answers a Blob. */
export const reportFiles = {
  userSalesSummary: asFile(reportsApi.userSalesSummary),
  userSalesDetails: asFile(reportsApi.userSalesDetails),
  outletSales: asFile(reportsApi.outletSales),
  outletSalesByDateRange: asFile(reportsApi.outletSalesByDateRange),
  outletSalesDetails: asFile(reportsApi.outletSalesDetails),
  omittedTripsReservationDetails: asFile(reportsApi.omittedTripsReservationDetails),
  reservationDetails: asFile(reportsApi.reservationDetails),
  reservationHistory: asFile(reportsApi.reservationHistory),
};
