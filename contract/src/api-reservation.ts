/** The selling calls of the HTTP API: trips, seats, reservations, ticket operations and passengers. */
import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { tripAddresses, reservationAddresses, passengerAddresses } from './plain/addresses-reservation';
import {
  searchByCodeRequestSchema,
  searchByRouteRequestSchema,
  tripDetailsRequestSchema,
  tripDetailsSchema,
  tripSummarySchema,
} from './schemas/trip';
import {
  boardingPointSchema,
  byPnrAndPinRequestSchema,
  changeBoardingPointRequestSchema,
  couponCheckRequestSchema,
  couponSchema,
  createReservationRequestSchema,
  delayedCancelRequestSchema,
  knownPassengerSchema,
  manifestRowSchema,
  migrationQuoteSchema,
  okSchema,
  passengerFindRequestSchema,
  passengerListRequestSchema,
  pnrRequestSchema,
  printableRequestSchema,
  recentParamsSchema,
  reservationHistoryItemSchema,
  reservationSchema,
  savePrintParamsSchema,
  seatLockRequestSchema,
  seatLockResponseSchema,
  ticketOperationRequestSchema,
  validateMigrationRequestSchema,
} from './schemas/reservation';
import { fareQuoteRequestSchema, fareQuoteSchema } from './schemas/fare-quote';

export const tripApi = {
  searchByCode: {
    ...tripAddresses.searchByCode,
    summary: 'Trips of a coach code on a date',
    body: searchByCodeRequestSchema,
    response: z.array(tripSummarySchema),
  },
  searchByRoute: {
    ...tripAddresses.searchByRoute,
    summary: 'Trips between two cities on a date',
    body: searchByRouteRequestSchema,
    response: z.array(tripSummarySchema),
  },
  details: {
    ...tripAddresses.details,
    summary: "A trip's seat map for a segment, boarding and dropping points, linked coach and arrival",
    body: tripDetailsRequestSchema,
    response: tripDetailsSchema,
  },
} as const satisfies Record<string, Endpoint>;

export const reservationApi = {
  seatLock: {
    ...reservationAddresses.seatLock,
    summary: 'Lock (for 5 minutes) or release seats of a trip segment',
    body: seatLockRequestSchema,
    response: seatLockResponseSchema,
  },
  validateTripMigration: {
    ...reservationAddresses.validateTripMigration,
    summary: 'Quote the fare difference of moving a reservation to another trip',
    body: validateMigrationRequestSchema,
    response: migrationQuoteSchema,
  },
  quote: {
    ...reservationAddresses.quote,
    summary:
      'Quote a sale before anything is charged (read-only): fare per seat, coupon discount, total and the charge the agent account will be debited, priced by the same code as createReservation; open ticket (route, stops, seat type, seat count) or trip seats; refusals as the sale would answer them',
    body: fareQuoteRequestSchema,
    response: fareQuoteSchema,
  },
  createReservation: {
    ...reservationAddresses.createReservation,
    summary: 'Sell, book, sell an open ticket or migrate (Idempotency-Key header honoured)',
    body: createReservationRequestSchema,
    response: reservationSchema,
  },
  resendPin: {
    ...reservationAddresses.resendPin,
    summary: "Send a new PIN to the passenger's phone",
    body: pnrRequestSchema,
    response: z.object({ ok: z.literal(true), maskedPhone: z.string() }),
  },
  byPnrAndPin: {
    ...reservationAddresses.byPnrAndPin,
    summary: 'A reservation with its current fine, return amount and allowed actions',
    body: byPnrAndPinRequestSchema,
    response: reservationSchema,
  },
  ticketOperation: {
    ...reservationAddresses.ticketOperation,
    summary: 'Confirm, cancel or extend a reservation by action code (Idempotency-Key header honoured)',
    body: ticketOperationRequestSchema,
    response: reservationSchema,
  },
  boardingListByPnr: {
    ...reservationAddresses.boardingListByPnr,
    summary: "The boarding points of a reservation's trip",
    body: pnrRequestSchema,
    response: z.array(boardingPointSchema),
  },
  changeBoardingPoint: {
    ...reservationAddresses.changeBoardingPoint,
    summary:
      "Move a sold or booked reservation's boarding point to a later stop of its trip, before the coach leaves the current one (Idempotency-Key header honoured); the fare is kept and the seats of the legs before the new stop are freed",
    body: changeBoardingPointRequestSchema,
    response: reservationSchema,
  },
  delayedCancelApproval: {
    ...reservationAddresses.delayedCancelApproval,
    summary: 'Ask for approval to cancel after the cancellation cut-off',
    body: delayedCancelRequestSchema,
    response: okSchema,
  },
  checkDiscountCoupon: {
    ...reservationAddresses.checkDiscountCoupon,
    summary: 'Whether a coupon applies to a trip, boarding point and phone',
    body: couponCheckRequestSchema,
    response: couponSchema,
  },
  history: {
    ...reservationAddresses.history,
    summary: 'What happened to a reservation, oldest first',
    body: pnrRequestSchema,
    response: z.array(reservationHistoryItemSchema),
  },
  recent: {
    ...reservationAddresses.recent,
    summary: "The caller's latest reservations under a company",
    params: recentParamsSchema,
    response: z.array(reservationSchema),
  },
  printable: {
    ...reservationAddresses.printable,
    summary:
      "Full tickets of the caller's agent by PNR, to print them (no PIN: never shown on a ticket); unknown or foreign PNRs are left out",
    body: printableRequestSchema,
    response: z.array(reservationSchema),
  },
  savePrintAction: {
    ...reservationAddresses.savePrintAction,
    summary: 'Record that a ticket was printed',
    params: savePrintParamsSchema,
    response: z.object({ ok: z.literal(true), printCount: z.number().int() }),
  },
} as const satisfies Record<string, Endpoint>;

export const passengerApi = {
  find: {
    ...passengerAddresses.find,
    summary: 'A known passenger by phone (null when unknown)',
    body: passengerFindRequestSchema,
    response: knownPassengerSchema.nullable(),
  },
  list: {
    ...passengerAddresses.list,
    summary: "A trip's passenger list (boarding chart)",
    body: passengerListRequestSchema,
    response: z.array(manifestRowSchema),
  },
} as const satisfies Record<string, Endpoint>;
