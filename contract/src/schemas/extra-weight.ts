/** Extra weight (baggage) charges on sold reservations (server/src/modules/extra-weight), and their return. */
import { z } from 'zod';
import {
  MAX_EXTRA_WEIGHT_AMOUNT,
  idSchema,
  instantSchema,
  localDateSchema,
  moneySchema,
  pageFields,
  pageOf,
  positiveAmountSchema,
} from './common';

const pnrSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{10}$/);
const page = pageFields(20);

export const EXTRA_WEIGHT_STATUSES = ['ACTIVE', 'CANCELLED'] as const;
export const extraWeightStatusSchema = z.enum(EXTRA_WEIGHT_STATUSES);
export const EXTRA_WEIGHT_PRINT_TYPES = ['ORIGINAL', 'REPRINT', 'RETURN'] as const;

/** POST /api/extraWeightCharge (Idempotency-Key honoured). */
export const extraWeightChargeRequestSchema = z.object({
  companyId: idSchema,
  reservationPnr: pnrSchema,
  amount: positiveAmountSchema(MAX_EXTRA_WEIGHT_AMOUNT),
  description: z.string().trim().min(1).max(300),
});
export type ExtraWeightChargeRequest = z.input<typeof extraWeightChargeRequestSchema>;

export const extraWeightChargeSchema = z.object({
  pnr: z.string(),
  reservationPnr: z.string(),
  companyId: idSchema,
  amount: moneySchema,
  description: z.string(),
  issueTime: instantSchema,
  status: extraWeightStatusSchema,
  /** When it was returned (refunded). */
  cancelTime: instantSchema.nullable(),
  lastPrintType: z.enum(EXTRA_WEIGHT_PRINT_TYPES).nullable(),
  printCount: z.number().int(),
  passengerName: z.string(),
  coachCode: z.string().nullable(),
  tripDate: localDateSchema.nullable(),
  routeName: z.string(),
  agentUser: z.string(),
  outlet: z.string(),
});
export type ExtraWeightCharge = z.infer<typeof extraWeightChargeSchema>;

export const extraWeightPnrRequestSchema = z.object({ pnr: pnrSchema });
export const extraWeightListRequestSchema = z.object({
  companyId: idSchema,
  reservationPnr: pnrSchema.optional(),
  /** The charges on one trip's reservations (the reservation screen's extra weight tab). */
  tripId: idSchema.optional(),
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
  status: extraWeightStatusSchema.optional(),
  ...page,
});
export const extraWeightPageSchema = pageOf(extraWeightChargeSchema);
export const extraWeightPrintRequestSchema = z.object({ pnr: pnrSchema, printType: z.enum(EXTRA_WEIGHT_PRINT_TYPES) });
