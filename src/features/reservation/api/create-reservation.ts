import {
  IDEMPOTENCY_HEADER,
  reservationApi,
  type CreateReservationRequest,
  type Reservation,
} from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { toApiError } from '../../../lib/api/api-error';
import type { IdempotencyKeys } from '../../../lib/idempotency';

/**
 * Sends a sale, booking, open ticket or migration with its Idempotency-Key:
 * a retry of the same request after a lost answer reuses the key, so the
 * server answers the first result instead of charging twice.
 */
export async function createReservation(body: CreateReservationRequest, keys: IdempotencyKeys): Promise<Reservation> {
  const key = keys.keyFor(body);
  try {
    const reservation = await callApi(reservationApi.createReservation, {
      body,
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    keys.settle(null);
    return reservation;
  } catch (error) {
    keys.settle(toApiError(error));
    throw error;
  }
}
