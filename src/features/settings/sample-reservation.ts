import type { Reservation } from '@agent-portal/contract';

/**
 * The made-up ticket the Test print button prints: every block of a real
 * ticket (QR code, Bengali station names, two seats, totals) so the counter
 * sees the paper width, the font and the cut. It is never sent to the server
 * and no print action is recorded for it.
 */
export const SAMPLE_RESERVATION: Reservation = {
  pnr: 'TESTPRINT0',
  referencePnr: null,
  status: 1,
  companyId: 1,
  companyName: 'Agent Portal — Test print',
  tripId: 1,
  coachCode: 'TEST-01',
  coachType: 'AC Business',
  routeId: 1,
  routeName: 'Dhaka - Chattogram',
  tripDate: '2026-01-01',
  origin: { stationId: 1, name: 'Kallyanpur', nameBn: 'কল্যাণপুর', cityName: 'Dhaka' },
  destination: { stationId: 2, name: 'Dampara', nameBn: 'দামপাড়া', cityName: 'Chattogram' },
  boardingTime: '2026-01-01T08:30:00+06:00',
  reportingTime: '2026-01-01T08:15:00+06:00',
  arrivalTime: '2026-01-01T14:00:00+06:00',
  reservationTime: '2026-01-01T07:00:00+06:00',
  expirationTime: null,
  seats: [
    { name: 'A1', seatType: 'Business', fare: 1200, discount: 0, status: 1 },
    { name: 'A2', seatType: 'Business', fare: 1200, discount: 0, status: 1 },
  ],
  fare: 2400,
  discount: 0,
  fine: 0,
  returnAmount: 0,
  totalFare: 2400,
  passenger: { name: 'Test Passenger', phone: '01700000000', countryCode: 'BD', email: null, remarks: null },
  verified: true,
  outlet: 'Test counter',
  agentUser: 'test',
  printCount: 0,
  allowedActions: [],
};
