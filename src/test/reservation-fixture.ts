import type { Reservation } from '@agent-portal/contract';

/** A sold two-seat reservation as GET byPnrAndPin answers it. */
export function soldReservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    pnr: 'K7Q2M9X4PA',
    referencePnr: null,
    status: 1,
    companyId: 1,
    companyName: 'Green Line Paribahan',
    tripId: 501,
    coachCode: 'GL-101',
    coachType: 'AC Business',
    routeId: 7,
    routeName: 'Dhaka - Chattogram',
    tripDate: '2026-11-22',
    origin: { stationId: 11, name: 'Kallyanpur', nameBn: 'কল্যাণপুর', cityName: 'Dhaka' },
    destination: { stationId: 21, name: 'Dampara', nameBn: 'দামপাড়া', cityName: 'Chattogram' },
    boardingTime: '2026-11-22T08:30:00+06:00',
    reportingTime: '2026-11-22T08:15:00+06:00',
    arrivalTime: '2026-11-22T14:00:00+06:00',
    reservationTime: '2026-11-21T17:05:00+06:00',
    expirationTime: null,
    seats: [
      { name: 'A1', seatType: 'Business', fare: 1200, discount: 50, status: 1 },
      { name: 'A2', seatType: 'Business', fare: 1200, discount: 50, status: 1 },
    ],
    fare: 2400,
    discount: 100,
    fine: 0,
    returnAmount: 0,
    totalFare: 2300,
    passenger: { name: 'Rahim Uddin', phone: '01711000000', countryCode: 'BD', email: null, remarks: null },
    verified: true,
    outlet: 'Kallyanpur Counter 2',
    agentUser: 'agent.karim',
    printCount: 0,
    allowedActions: [2],
    ...overrides,
  };
}
