import type { Principal } from '../../http/principal';
import { AppError } from '../../http/app-error';
import { isPartialSegment } from '../../domain/segments';
import type { AgentSettings } from '../agent/service';
import type { SegmentRef, TripContext } from './types';

/** The origin and destination stations of a request as stop indexes of the trip. */
export function segmentOf(trip: TripContext, originStationId: number, destinationStationId: number): SegmentRef {
  if (originStationId === destinationStationId) throw new AppError('SAME_ORIGIN_DESTINATION');
  const fromIndex = trip.stops.findIndex((s) => s.stationId === originStationId);
  const toIndex = trip.stops.findIndex((s) => s.stationId === destinationStationId);
  if (fromIndex < 0)
    throw new AppError('STATION_NOT_FOUND', { stationId: originStationId }, 'The trip does not call at the origin');
  if (toIndex < 0)
    throw new AppError(
      'STATION_NOT_FOUND',
      { stationId: destinationStationId },
      'The trip does not call at the destination',
    );
  if (toIndex < fromIndex)
    throw new AppError(
      'VALIDATION_FAILED',
      { fields: { destinationStationId: 'comes before the origin on this route' } },
      'Some fields are invalid',
    );
  return { fromIndex, toIndex };
}

/**
 * Whether the caller may sell (lock, book) this trip segment now: the
 * agent's profile (assigned routes, barred coaches and origins), the trip's
 * state and departure, and partial sales. Order: who may, then whether the
 * trip can.
 */
export function assertSellable(
  principal: Principal,
  settings: AgentSettings,
  trip: TripContext,
  segment: SegmentRef,
  now: Date,
): void {
  if (!principal.companyIds.includes(trip.companyId))
    throw new AppError('COMPANY_NOT_ALLOWED', { companyId: trip.companyId });
  if (!settings.assignedRoutes.some((r) => r.id === trip.routeId))
    throw new AppError('TRIP_NOT_ALLOWED', { routeId: trip.routeId });
  const barred = settings.barredCoaches.find((c) => c.coachCode === trip.coachCode);
  if (barred) throw new AppError('COACH_BARRED', { coachCode: trip.coachCode, reason: barred.reason });
  const origin = trip.stops[segment.fromIndex];
  if (origin && settings.barredOrigins.some((o) => o.stationId === origin.stationId))
    throw new AppError('ORIGIN_NOT_ALLOWED', { stationId: origin.stationId });
  assertTripOpen(trip, segment, now);
  if (!trip.allowIntermediate && isPartialSegment(segment, trip.stops.length))
    throw new AppError('PARTIAL_SALES_NOT_ALLOWED');
}

/** The trip takes reservations for this segment: open, and the coach has not left the boarding stop. */
export function assertTripOpen(trip: TripContext, segment: SegmentRef, now: Date): void {
  if (trip.state === 'OMITTED') throw new AppError('TRIP_OMITTED');
  if (trip.state === 'OMIT_PENDING') throw new AppError('TRIP_OMIT_PENDING');
  const boarding = trip.stops[segment.fromIndex]?.time;
  if (trip.state === 'CLOSED' || !boarding || now.getTime() >= boarding.getTime()) throw new AppError('TRIP_IS_CLOSED');
}

/** The agent's coach seat limit for this trip's coach type; null = no limit. */
export function seatLimitOf(settings: AgentSettings, trip: TripContext): number | null {
  const limit = settings.coachSeatLimits.find((l) => l.coachType === trip.coachType)?.limit;
  return limit === undefined || limit === -999 ? null : limit;
}
