import type { SeatType } from '@agent-portal/contract';
import type { TripState } from '../../db/schema-reservations';

export interface TripStop {
  index: number;
  stationId: number;
  name: string;
  nameBn: string;
  cityId: number;
  cityName: string;
  time: Date;
}

/** Everything the selling rules need to know about one trip. */
export interface TripContext {
  id: number;
  companyId: number;
  coachId: number;
  coachCode: string;
  coachTypeId: number;
  coachType: string;
  routeId: number;
  routeName: string;
  tripDate: string;
  state: TripState;
  allowIntermediate: boolean;
  linkedTripId: number | null;
  linkedNote: string | null;
  layoutKey: string;
  driverSide: 'LEFT' | 'RIGHT';
  stops: TripStop[];
}

export interface SegmentRef {
  fromIndex: number;
  toIndex: number;
}

export interface FareRow {
  fromIndex: number;
  toIndex: number;
  seatType: SeatType;
  fareMinor: number;
}

/** An active reservation seat as the seat map and the overlap check see it. */
export interface OccupiedSeat {
  seatName: string;
  fromIndex: number;
  toIndex: number;
  status: number;
  reservationId: number;
  pnr: string;
  agentId: number | null;
}

export interface SeatLockRow {
  seatName: string;
  fromIndex: number;
  toIndex: number;
  userId: number;
  expiresAt: string;
}
