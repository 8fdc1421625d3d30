import { z } from 'zod';
import { amountSchema, idParamSchema, idSchema, instantSchema, localDateSchema, moneySchema, okSchema } from './common';
import { phoneSchema } from '../phone';
import { reservationStatusSchema, seatTypeSchema } from '../enums';
import { HISTORY_REMARK_CODES } from '../plain/history-remarks';

const pnrSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{10}$/);
const pinSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
const seatNamesSchema = z.array(z.string().trim().min(1).max(10)).max(5);

export const seatLockRequestSchema = z.object({
  tripId: idSchema,
  originStationId: idSchema,
  destinationStationId: idSchema,
  /** Seats to lock (or renew) for 5 minutes, and seats to let go. */
  lock: seatNamesSchema.default([]),
  release: seatNamesSchema.default([]),
});
export const seatLockResponseSchema = z.object({
  /** Every seat the caller now holds on this trip segment. */
  seats: z.array(z.string()),
  expiresAt: instantSchema.nullable(),
});

export const passengerSchema = z.object({
  phone: phoneSchema,
  countryCode: z.string().trim().min(2).max(3).default('BD'),
  name: z.string().trim().min(1).max(100),
  email: z.email().max(200).optional().or(z.literal('')),
  remarks: z.string().trim().max(300).optional(),
});
export type Passenger = z.infer<typeof passengerSchema>;

export const RESERVATION_KINDS = ['SELL', 'BOOK', 'OPEN', 'MIGRATE'] as const;
export type ReservationKind = (typeof RESERVATION_KINDS)[number];

/**
 * `schema`, with `message` for a field its kind requires and the request leaves out (the words the server's own check
 * answered before the kinds had a schema each). Any other failure keeps zod's message.
 */
export function requiredField<T extends z.ZodType>(schema: T, message = 'required'): T {
  const error: z.core.$ZodErrorMap = (issue) => (issue.input === undefined ? message : undefined);
  return schema.clone({ ...schema._zod.def, error } as T['_zod']['def']);
}

/** The seats a trip sale, booking or quote names: 1 to 5, the trip's seat names. */
export const chosenSeatsSchema = requiredField(
  z.array(z.string().trim().min(1).max(10)).min(1, { error: 'name 1 to 5 seats' }).max(5),
  'name 1 to 5 seats',
);
export const seatCountSchema = z.number().int().min(1).max(5);
export const migrateFromSchema = z.object({ pnr: pnrSchema, pin: pinSchema });

/**
 * Every field a createReservation body may carry, whatever its kind, in the order the wire and the idempotency hash
 * have always had them. A kind may carry another kind's fields (older clients send them): they are checked and
 * ignored.
 */
const createReservationFields = z.object({
  companyId: idSchema,
  kind: z.enum(RESERVATION_KINDS),
  /** SELL, BOOK, MIGRATE: the trip and its seats (locked by the caller). */
  tripId: idSchema.optional(),
  seats: seatNamesSchema.optional(),
  originStationId: idSchema,
  destinationStationId: idSchema,
  /** OPEN: a route and seat type, with a number of seats and no trip. */
  routeId: idSchema.optional(),
  seatType: seatTypeSchema.optional(),
  seatCount: seatCountSchema.optional(),
  /** MIGRATE: the sold or open reservation that moves to this trip. */
  migrateFrom: migrateFromSchema.optional(),
  passenger: passengerSchema,
  couponCode: z.string().trim().min(1).max(30).optional(),
});
const tripSaleFields = { tripId: requiredField(idSchema), seats: chosenSeatsSchema };

/** SELL: a trip's seats, charged in full. */
export const sellRequestSchema = createReservationFields.extend({ kind: z.literal('SELL'), ...tripSaleFields });
/** BOOK: a trip's seats held until the booking lapses, nothing charged. */
export const bookRequestSchema = createReservationFields.extend({ kind: z.literal('BOOK'), ...tripSaleFields });
/** OPEN: a route, seat type and number of seats, no trip. */
export const openRequestSchema = createReservationFields.extend({
  kind: z.literal('OPEN'),
  routeId: requiredField(idSchema),
  seatType: requiredField(seatTypeSchema),
  seatCount: requiredField(seatCountSchema),
});
/** MIGRATE: a trip's seats for a sold or open reservation (its PNR and PIN), which they replace; no coupon. */
export const migrateRequestSchema = createReservationFields.extend({
  kind: z.literal('MIGRATE'),
  ...tripSaleFields,
  migrateFrom: requiredField(migrateFromSchema),
});

/**
 * POST /api/reservation/createReservation: one body per kind. A body missing a field its kind requires is 400
 * VALIDATION_FAILED naming the field ('required'; seats: 'name 1 to 5 seats').
 */
export const createReservationRequestSchema = z.discriminatedUnion('kind', [
  sellRequestSchema,
  bookRequestSchema,
  openRequestSchema,
  migrateRequestSchema,
]);
export type CreateReservationRequest = z.input<typeof createReservationRequestSchema>;
/** The createReservation body of one kind. */
export type CreateReservationRequestOf<K extends ReservationKind> = Extract<CreateReservationRequest, { kind: K }>;

export const reservationSeatSchema = z.object({
  name: z.string(),
  seatType: seatTypeSchema,
  fare: moneySchema,
  discount: moneySchema,
  status: reservationStatusSchema,
});

/**
 * A server-written remark as a code and its parameters (plain/history-remarks.ts), for the caller to say in its
 * language; null for none or for text an agent typed. `remarks` keeps the English text for older callers.
 */
export const historyRemarkSchema = z.object({
  code: z.enum(HISTORY_REMARK_CODES),
  params: z.record(z.string(), z.string()),
});

/** A reservation's boarding or dropping stop; cityNameBn: its city's Bengali name (absent from older servers). */
const reservationStopSchema = z.object({
  stationId: idSchema,
  name: z.string(),
  nameBn: z.string(),
  cityName: z.string(),
  cityNameBn: z.string().optional(),
});

export const reservationHistoryItemSchema = z.object({
  time: instantSchema,
  action: z.string(),
  user: z.string(),
  outlet: z.string(),
  amount: moneySchema.nullable(),
  remarks: z.string().nullable(),
  remark: historyRemarkSchema.nullable().optional(),
});

export const reservationSchema = z.object({
  pnr: z.string(),
  referencePnr: z.string().nullable(),
  status: reservationStatusSchema,
  companyId: idSchema,
  companyName: z.string(),
  /** The company's Bengali name where the server has one, for Bengali tickets and screens (older servers: absent). */
  companyNameBn: z.string().nullable().optional(),
  tripId: idSchema.nullable(),
  coachCode: z.string().nullable(),
  coachType: z.string().nullable(),
  routeId: idSchema,
  routeName: z.string(),
  tripDate: localDateSchema.nullable(),
  origin: reservationStopSchema,
  destination: reservationStopSchema,
  boardingTime: instantSchema.nullable(),
  reportingTime: instantSchema.nullable(),
  arrivalTime: instantSchema.nullable(),
  reservationTime: instantSchema,
  /** Bookings lapse at this instant. */
  expirationTime: instantSchema.nullable(),
  seats: z.array(reservationSeatSchema),
  fare: moneySchema,
  discount: moneySchema,
  /** The cancellation fine if the whole reservation were cancelled now. */
  fine: moneySchema,
  returnAmount: moneySchema,
  totalFare: moneySchema,
  passenger: z.object({
    name: z.string(),
    phone: z.string(),
    countryCode: z.string(),
    email: z.string().nullable(),
    remarks: z.string().nullable(),
  }),
  /** True when this answer was looked up (or acted on) with the reservation's PIN. */
  verified: z.boolean(),
  outlet: z.string(),
  agentUser: z.string(),
  printCount: z.number().int(),
  /** Action codes the caller may take on it now (status and permissions). */
  allowedActions: z.array(z.number().int()),
  /** Present only in the answer that created it (hand it to the passenger; it is also sent by SMS). */
  pin: z.string().optional(),
});
export type Reservation = z.infer<typeof reservationSchema>;

export const byPnrAndPinRequestSchema = z.object({ pnr: pnrSchema, pin: pinSchema });
/** Tickets to print (the unprinted list): the caller's own agent's reservations, no PIN needed. */
export const printableRequestSchema = z.object({ companyId: idSchema, pnrs: z.array(pnrSchema).min(1).max(100) });
export const pnrRequestSchema = z.object({ pnr: pnrSchema });

export const ticketOperationRequestSchema = z.object({
  pnr: pnrSchema,
  pin: pinSchema,
  action: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(5), z.literal(6), z.literal(8), z.literal(9)]),
  /** Partial cancel: the seats to cancel (all when absent). */
  seats: seatNamesSchema.optional(),
  /** Cancel ticket: the return amount the agent was shown; the server recomputes it. */
  returnAmount: amountSchema().optional(),
  /** Extend booking time: the new expiry. */
  expirationTime: instantSchema.optional(),
});

/**
 * Change boarding point: a stop of the reservation's trip strictly after its
 * current boarding point and before its destination (the server's rules:
 * modules/ticket-operation/boarding-point.ts).
 */
export const changeBoardingPointRequestSchema = z.object({
  pnr: pnrSchema,
  pin: pinSchema,
  stationId: idSchema,
});

export const delayedCancelRequestSchema = z.object({
  pnr: pnrSchema,
  pin: pinSchema,
  reasonId: idSchema,
  remarks: z.string().trim().max(300).optional(),
});

export const validateMigrationRequestSchema = z.object({
  pnr: pnrSchema,
  pin: pinSchema,
  tripId: idSchema,
  originStationId: idSchema,
  destinationStationId: idSchema,
  seats: seatNamesSchema,
});
export const migrationQuoteSchema = z.object({
  currentTotal: moneySchema,
  newTotal: moneySchema,
  /** newTotal - currentTotal; only a positive difference is charged. */
  difference: moneySchema,
  charge: moneySchema,
});

export const couponCheckRequestSchema = z.object({
  couponCode: z.string().trim().min(1).max(30),
  tripId: idSchema,
  boardingId: idSchema,
  phone: phoneSchema,
});
export const couponSchema = z.object({
  couponCode: z.string(),
  type: z.enum(['FIXED', 'PERCENT']),
  /** Money off per seat (FIXED) or percent of the fare (PERCENT). */
  value: z.number(),
  validUntil: instantSchema,
  /** Uses left for this phone; -1 when the coupon has no per-phone limit. */
  remainingUses: z.number().int(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** A passenger the caller's agent sold to in this company (memory is per company and per agent). */
export const passengerFindRequestSchema = z.object({ companyId: idSchema, phone: phoneSchema });
export const knownPassengerSchema = z.object({
  phone: z.string(),
  countryCode: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});
export const passengerListRequestSchema = z.object({ tripId: idSchema });
export const manifestRowSchema = z.object({
  seat: z.string(),
  pnr: z.string(),
  status: reservationStatusSchema,
  name: z.string(),
  phone: z.string(),
  boarding: z.string(),
  dropping: z.string(),
  outlet: z.string(),
});

export const recentParamsSchema = z.object({
  companyId: idParamSchema,
  limit: z.coerce.number().int().min(1).max(100),
});
export const PRINT_TYPES = ['ORIGINAL', 'REPRINT'] as const;
export const savePrintParamsSchema = z.object({
  pnr: pnrSchema,
  printType: z.enum(PRINT_TYPES),
});
export const boardingPointSchema = z.object({
  stationId: idSchema,
  name: z.string(),
  nameBn: z.string(),
  time: instantSchema,
});

export { okSchema };
