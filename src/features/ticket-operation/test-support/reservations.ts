import type { Reservation } from '@agent-portal/contract';
import { inCompanyZone, nowMs } from '../../../lib/format/company-time';

const HOUR = 3_600_000;
/** An instant `hours` from the server's now (the tests' fixed clock). */
const inHours = (hours: number) => new Date(nowMs() + hours * HOUR).toISOString();

/** A sold two-seat reservation 72 hours before boarding (10% fine band), as byPnrAndPin answers it. */
export function sold(overrides: Partial<Reservation> = {}): Reservation {
  return {
    pnr: 'K7Q2M9X4PA',
    referencePnr: null,
    status: 1,
    companyId: 1,
    companyName: 'Padma Paribahan',
    tripId: 501,
    coachCode: 'P-102',
    coachType: 'AC Business',
    routeId: 7,
    routeName: 'Dhaka - Cumilla - Chattogram',
    // The trip date is the company's calendar date of the departure.
    tripDate: inCompanyZone(inHours(72)).format('YYYY-MM-DD'),
    origin: { stationId: 11, name: 'Sayedabad', nameBn: 'সায়েদাবাদ', cityName: 'Dhaka' },
    destination: { stationId: 21, name: 'Dampara', nameBn: 'দামপাড়া', cityName: 'Chattogram' },
    boardingTime: inHours(72),
    reportingTime: inHours(71.75),
    arrivalTime: inHours(77),
    reservationTime: inHours(-1),
    expirationTime: null,
    seats: [
      { name: 'A1', seatType: 'Business', fare: 1320, discount: 0, status: 1 },
      { name: 'A2', seatType: 'Business', fare: 1100, discount: 50, status: 1 },
    ],
    fare: 2420,
    discount: 50,
    fine: 237,
    returnAmount: 2133,
    totalFare: 2370,
    passenger: { name: 'Test Passenger', phone: '+8801711223344', countryCode: 'BD', email: null, remarks: null },
    verified: true,
    outlet: 'Motijheel Counter',
    agentUser: 'agent',
    printCount: 0,
    allowedActions: [2],
    ...overrides,
  };
}

/** A booked one-seat reservation that lapses in 30 minutes. */
export function booked(overrides: Partial<Reservation> = {}): Reservation {
  return sold({
    status: 2,
    seats: [{ name: 'B1', seatType: 'Business', fare: 1320, discount: 0, status: 2 }],
    fare: 1320,
    discount: 0,
    fine: 0,
    returnAmount: 0,
    totalFare: 1320,
    expirationTime: inHours(0.5),
    allowedActions: [1, 5, 6],
    ...overrides,
  });
}

export { inHours };
