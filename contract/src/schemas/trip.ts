import { z } from 'zod';
import { idSchema, instantSchema, localDateSchema, moneySchema } from './common';
import { seatTypeSchema } from '../enums';

export const TRIP_STATES = ['OPEN', 'CLOSED', 'OMITTED', 'OMIT_PENDING'] as const;
export const tripStateSchema = z.enum(TRIP_STATES);

export const stopSchema = z.object({
  stationId: idSchema,
  name: z.string(),
  nameBn: z.string(),
  cityId: idSchema,
  cityName: z.string(),
  /** When the coach leaves (or reaches) this stop on this trip. */
  time: instantSchema,
});
export type Stop = z.infer<typeof stopSchema>;

export const tripSummarySchema = z.object({
  tripId: idSchema,
  companyId: idSchema,
  coachCode: z.string(),
  coachType: z.string(),
  routeId: idSchema,
  routeName: z.string(),
  tripDate: localDateSchema,
  state: tripStateSchema,
  allowIntermediate: z.boolean(),
  /** The asked boarding stop (origin) and dropping stop (destination) of this search. */
  origin: stopSchema,
  destination: stopSchema,
  availableSeats: z.number().int(),
  totalSeats: z.number().int(),
  /** Lowest fare of the segment over its seat types. */
  fareFrom: moneySchema,
});
export type TripSummary = z.infer<typeof tripSummarySchema>;

export const searchByRouteRequestSchema = z.object({
  companyId: idSchema,
  tripDate: localDateSchema,
  originCityId: idSchema,
  destinationCityId: idSchema,
  /** Optional narrowing: a dropping station in the destination city, a coach type, a route. */
  droppingPointId: idSchema.optional(),
  coachType: z.string().min(1).max(50).optional(),
  routeId: idSchema.optional(),
});
export const searchByCodeRequestSchema = z.object({
  companyId: idSchema,
  tripDate: localDateSchema,
  coachCode: z.string().trim().min(1).max(30),
  originCityId: idSchema.optional(),
  destinationCityId: idSchema.optional(),
});

export const SEAT_MAP_CELL_KINDS = ['SEAT', 'AISLE', 'DRIVER', 'DOOR', 'TOILET', 'STAIRS', 'EMPTY'] as const;
export const LOCK_OWNERS = ['ME', 'OTHER'] as const;

export const seatCellSchema = z.object({
  kind: z.enum(SEAT_MAP_CELL_KINDS),
  row: z.number().int().min(0),
  col: z.number().int().min(0),
  /** A sleeper berth spans two cells. */
  rowSpan: z.number().int().min(1).max(2),
  colSpan: z.number().int().min(1).max(2),
  /** Present for SEAT cells. */
  seat: z
    .object({
      name: z.string(),
      seatType: seatTypeSchema,
      /** 0 available, 1 sold, 2 booked, 3 admin booked, 13 linked, for the asked segment. */
      status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(13)]),
      fare: moneySchema,
      lockedBy: z.enum(LOCK_OWNERS).nullable(),
      /** The PNR holding it, when the caller may see that reservation. */
      pnr: z.string().nullable(),
    })
    .optional(),
});
export type SeatCell = z.infer<typeof seatCellSchema>;

export const deckSchema = z.object({
  deck: z.enum(['LOWER', 'UPPER']),
  rows: z.number().int().min(1),
  cols: z.number().int().min(1),
  cells: z.array(seatCellSchema),
});
export type Deck = z.infer<typeof deckSchema>;

export const tripDetailsRequestSchema = z.object({
  tripId: idSchema,
  originStationId: idSchema,
  destinationStationId: idSchema,
});

export const tripDetailsSchema = z.object({
  trip: tripSummarySchema,
  driverSide: z.enum(['LEFT', 'RIGHT']),
  decks: z.array(deckSchema),
  boardingPoints: z.array(stopSchema.extend({ reportingTime: instantSchema })),
  droppingPoints: z.array(stopSchema),
  arrival: stopSchema,
  linkedCoach: z.object({ tripId: idSchema, coachCode: z.string(), note: z.string() }).nullable(),
  fares: z.array(z.object({ seatType: seatTypeSchema, fare: moneySchema })),
  /** The caller's seats locked on this trip segment, and when the locks lapse. */
  myLocks: z.object({ seats: z.array(z.string()), expiresAt: instantSchema.nullable() }),
  /**
   * The asked segment as stop orders of the trip's route, [fromOrder, toOrder): what a live `trip` event's seat
   * segments are compared with (issue #35). This server's extension: a spec-only server leaves it out.
   */
  segment: z.object({ fromOrder: z.number().int().min(0), toOrder: z.number().int().min(0) }).optional(),
  /**
   * The trip's live version when these seats were read (issue #35): apply a live `trip` event only when its version
   * is greater; one more than this + 1 is a gap (refetch). This server's extension: a spec-only server leaves it out.
   */
  liveVersion: z.number().int().min(0).optional(),
});
export type TripDetails = z.infer<typeof tripDetailsSchema>;
