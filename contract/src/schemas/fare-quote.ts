import { z } from 'zod';
import { idSchema, moneySchema } from './common';
import { seatTypeSchema } from '../enums';
import { chosenSeatsSchema, couponSchema, requiredField, seatCountSchema } from './reservation';
import { phoneSchema } from '../phone';

/** Every field a quote body may carry, whatever its kind, in the order they have always crossed the wire. */
const fareQuoteFields = z.object({
  companyId: idSchema,
  /** SELL and BOOK quote a trip's seats; OPEN a route, seat type and number of seats. */
  kind: z.enum(['SELL', 'BOOK', 'OPEN']),
  originStationId: idSchema,
  destinationStationId: idSchema,
  tripId: idSchema.optional(),
  seats: z.array(z.string().trim().min(1).max(10)).min(1).max(5).optional(),
  routeId: idSchema.optional(),
  seatType: seatTypeSchema.optional(),
  seatCount: seatCountSchema.optional(),
  couponCode: z.string().trim().min(1).max(30).optional(),
  /** The passenger's phone: required with a coupon code (its per-phone limit counts uses by phone). */
  phone: phoneSchema.optional(),
});
const tripQuoteFields = { tripId: requiredField(idSchema), seats: chosenSeatsSchema };

/**
 * POST /api/reservation/quote: what a sale would cost, before anything is
 * charged. The same body as createReservation without the passenger (the
 * phone only, for a coupon's per-phone limit), one per kind; a body missing a
 * field its kind requires is 400 VALIDATION_FAILED naming it, as the sale's.
 */
export const fareQuoteRequestSchema = z.discriminatedUnion('kind', [
  fareQuoteFields.extend({ kind: z.literal('SELL'), ...tripQuoteFields }),
  fareQuoteFields.extend({ kind: z.literal('BOOK'), ...tripQuoteFields }),
  fareQuoteFields.extend({
    kind: z.literal('OPEN'),
    routeId: requiredField(idSchema),
    seatType: requiredField(seatTypeSchema),
    seatCount: requiredField(seatCountSchema),
  }),
]);
export type FareQuoteRequest = z.input<typeof fareQuoteRequestSchema>;
/** The quote body of one kind. */
export type FareQuoteRequestOf<K extends FareQuoteRequest['kind']> = Extract<FareQuoteRequest, { kind: K }>;

export const fareQuoteSeatSchema = z.object({
  /** The seat's name; OPEN for an open ticket. */
  name: z.string(),
  seatType: seatTypeSchema,
  fare: moneySchema,
  discount: moneySchema,
  /** fare - discount */
  net: moneySchema,
});

export const fareQuoteSchema = z.object({
  seats: z.array(fareQuoteSeatSchema),
  fare: moneySchema,
  discount: moneySchema,
  /** fare - discount: the ticket's total. */
  total: moneySchema,
  /** What the agent's account is debited (0 for a booking); commission is credited apart and never reduces it. */
  charge: moneySchema,
  /** The commission the sale would credit to the agent, unpaid (0 for a booking). */
  commission: moneySchema,
  /** The applied coupon, when a code was given. */
  coupon: couponSchema.nullable(),
});
export type FareQuote = z.infer<typeof fareQuoteSchema>;
