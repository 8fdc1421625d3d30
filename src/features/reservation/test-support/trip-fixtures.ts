import type { TripDetails, TripSummary } from '@agent-portal/contract';

const stop = (stationId: number, name: string, cityId: number, cityName: string, time: string) => ({
  stationId,
  name,
  nameBn: name,
  cityId,
  cityName,
  time,
});

export const cities = [
  { id: 1, name: 'Dhaka', nameBn: 'ঢাকা' },
  { id: 2, name: 'Chattogram', nameBn: 'চট্টগ্রাম' },
];

export const trip: TripSummary = {
  tripId: 501,
  companyId: 1,
  coachCode: 'P-102',
  coachType: 'AC Business',
  routeId: 7,
  routeName: 'Dhaka - Chattogram',
  tripDate: '2026-11-23',
  state: 'OPEN',
  allowIntermediate: true,
  origin: stop(11, 'Sayedabad', 1, 'Dhaka', '2026-11-23T09:00:00.000Z'),
  destination: stop(21, 'Dampara', 2, 'Chattogram', '2026-11-23T14:00:00.000Z'),
  availableSeats: 3,
  totalSeats: 4,
  fareFrom: 1320,
};

const seat = (name: string, col: number, status: 0 | 1 = 0) => ({
  kind: 'SEAT' as const,
  row: 0,
  col,
  rowSpan: 1,
  colSpan: 1,
  seat: { name, seatType: 'Business' as const, status, fare: 1320, lockedBy: null, pnr: status ? 'K7Q2M9X4PA' : null },
});

export const details: TripDetails = {
  trip,
  driverSide: 'RIGHT',
  decks: [{ deck: 'LOWER', rows: 1, cols: 4, cells: [seat('A1', 0), seat('A2', 1), seat('A3', 2), seat('A4', 3, 1)] }],
  boardingPoints: [{ ...trip.origin, reportingTime: '2026-11-23T08:45:00.000Z' }],
  droppingPoints: [trip.destination],
  arrival: trip.destination,
  linkedCoach: null,
  fares: [{ seatType: 'Business', fare: 1320 }],
  myLocks: { seats: [], expiresAt: null },
};
