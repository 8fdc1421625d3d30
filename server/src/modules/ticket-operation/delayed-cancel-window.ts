import { fineBoardingIndex } from '../reservation/fines';
import type { ReservationRow } from '../reservation/rows';
import type { TripContext } from '../trip/types';

/**
 * When a sold ticket's delayed cancel closes, for the request and for the operator's approval alike (issue #32): when
 * the coach leaves the stop the ticket was sold from (fines.ts fineBoardingIndex), or its boarding point if that is
 * earlier. A boarding point moved later does not move it: the refund window is the sale's. null: the trip has no such
 * stop, so it is closed.
 */
export function delayedCancelClosesAt(
  trip: Pick<TripContext, 'stops'>,
  row: Pick<ReservationRow, 'from_index' | 'fine_from_index'>,
): Date | null {
  const soldFrom = trip.stops[fineBoardingIndex(row)]?.time;
  const boarding = trip.stops[row.from_index]?.time;
  if (!soldFrom || !boarding) return null;
  return soldFrom.getTime() <= boarding.getTime() ? soldFrom : boarding;
}
