/**
 * Confirming a preview: one createReservation at a time (a double click or a
 * held Enter sends one request), with the Idempotency-Key kept across a
 * retry after a lost answer. Every success refreshes what money and seats
 * changed: the account chip, the trip list, the seat map and the manifest.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CreateReservationRequest, Reservation } from '@agent-portal/contract';
import { toApiError } from '../../../lib/api/api-error';
import { sessionKeys } from '../../../lib/queries/keys';
import { createReservation } from '../api/create-reservation';
import { IdempotencyKeys } from '../../../lib/idempotency';

/** Reasons after which the seat map on screen is wrong and must be redrawn. */
const SEAT_REASONS = new Set([
  'SEAT_UNAVAILABLE',
  'SEAT_NOT_LOCKED',
  'MAX_SEAT_WARNING',
  'SEAT_LIMIT_EXCEEDED',
  'TRIP_IS_CLOSED',
]);

export function usePlaceReservation(companyId: number, keys?: IdempotencyKeys) {
  const queryClient = useQueryClient();
  const [ownKeys] = useState(() => keys ?? new IdempotencyKeys());
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  const place = async (body: CreateReservationRequest): Promise<Reservation | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setSubmitting(true);
    try {
      const reservation = await createReservation(body, ownKeys);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.account(companyId) });
      void queryClient.invalidateQueries({ queryKey: ['reservation', 'trips'] });
      void queryClient.invalidateQueries({ queryKey: ['reservation', 'trip-details'] });
      void queryClient.invalidateQueries({ queryKey: ['reservation', 'manifest'] });
      return reservation;
    } catch (failure) {
      // The refusal is a toast (callApi); the preview stays open for another try.
      const apiError = toApiError(failure);
      if (SEAT_REASONS.has(apiError.reason))
        void queryClient.invalidateQueries({ queryKey: ['reservation', 'trip-details'] });
      return null;
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return { place, submitting };
}
