/**
 * Deposits (server/src/modules/deposit): a request, PENDING until the operator
 * approves (credit) or rejects it, and the agent's list of them. Money is a
 * 2-decimal number; instants are ISO-8601; filter dates are the company's
 * local yyyy-MM-dd (both ends inclusive).
 */
import { z } from 'zod';
import {
  idSchema,
  instantSchema,
  localDateSchema,
  moneySchema,
  pageFields,
  pageOf,
  positiveAmountSchema,
} from './common';

const positiveMoney = positiveAmountSchema();
const page = pageFields(20);

export const DEPOSIT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const depositStatusSchema = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof depositStatusSchema>;

/** POST /api/account/deposit (Idempotency-Key honoured). confirmAmount must equal amount (AMOUNT_MISMATCH). */
export const depositRequestSchema = z.object({
  companyId: idSchema,
  amount: positiveMoney,
  confirmAmount: positiveMoney,
  /** The bank slip or transfer reference: required, unique per agent (DUPLICATE_REFERENCE_NUMBER). */
  referenceNumber: z.string().trim().min(1).max(60),
  description: z.string().trim().max(300).optional(),
  remarks: z.string().trim().max(300).optional(),
});
export type DepositRequest = z.input<typeof depositRequestSchema>;

export const depositSchema = z.object({
  /** DP + 8 digits, e.g. DP00000012. */
  transactionId: z.string(),
  companyId: idSchema,
  dateTime: instantSchema,
  amount: moneySchema,
  referenceNumber: z.string(),
  description: z.string().nullable(),
  remarks: z.string().nullable(),
  user: z.string(),
  outlet: z.string(),
  status: depositStatusSchema,
  /** When the operator approved or rejected it. */
  decisionTime: instantSchema.nullable(),
  employee: z.string().nullable(),
  /**
   * The deposit's money-receipt (voucher) number, DV-{companyId}-{7 digits}, given by the
   * server with the request; null only for a request made before deposits were numbered,
   * until its receipt is first printed (createVoucher).
   */
  voucherNo: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const DEPOSIT_SORTS = ['dateTime,desc', 'dateTime,asc', 'amount,desc', 'amount,asc'] as const;
export const depositListRequestSchema = z.object({
  companyId: idSchema,
  transactionId: z.string().trim().max(20).optional(),
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
  status: depositStatusSchema.optional(),
  ...page,
  sort: z.enum(DEPOSIT_SORTS).default('dateTime,desc'),
});
export type DepositListRequest = z.input<typeof depositListRequestSchema>;
export const depositPageSchema = pageOf(depositSchema);
