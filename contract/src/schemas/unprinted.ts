/** Unprinted tickets (server/src/modules/unprinted). */
import { z } from 'zod';
import { idSchema, instantSchema, localDateSchema, moneySchema, pageFields, pageOf } from './common';
import { reservationStatusSchema } from '../enums';
const page = pageFields(20);

/** POST /api/reservation/unprinted: the agent's sold and open tickets never printed, newest first. */
export const unprintedRequestSchema = z.object({
  companyId: idSchema,
  /**
   * Also the tickets whose coach has already left their boarding point (left out by default: nobody boards with them
   * any more).
   */
  includeDeparted: z.boolean().optional(),
  ...page,
});
export const unprintedTicketSchema = z.object({
  pnr: z.string(),
  status: reservationStatusSchema,
  tripDate: localDateSchema.nullable(),
  coachCode: z.string().nullable(),
  routeName: z.string(),
  origin: z.string(),
  destination: z.string(),
  boardingTime: instantSchema.nullable(),
  seats: z.array(z.string()),
  passengerName: z.string(),
  passengerPhone: z.string(),
  totalFare: moneySchema,
  reservationTime: instantSchema,
  agentUser: z.string(),
});
export type UnprintedTicket = z.infer<typeof unprintedTicketSchema>;
export const unprintedPageSchema = pageOf(unprintedTicketSchema);
