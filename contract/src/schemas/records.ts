/**
 * Money and records (issue #5): deposits, the ledger as transactions,
 * commissions, extra weight charges, unprinted tickets and vouchers.
 * Money is a 2-decimal number; instants are ISO-8601; filter dates are the
 * company's local yyyy-MM-dd (both ends inclusive).
 */
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
import { reservationStatusSchema } from '../enums';

const pnrSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{10}$/);
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

export const ENTRY_TYPES = ['CREDIT', 'DEBIT'] as const;

/** The reasons (ledger kinds) the reference server writes: the Transaction screen's reason filter offers these. */
export const LEDGER_REASONS = [
  'OPENING_DEPOSIT',
  'OPENING_BILL',
  'DEPOSIT',
  'TICKET_SALE',
  'OPEN_TICKET_SALE',
  'TRIP_MIGRATION',
  'TICKET_CANCEL_REFUND',
  'EXTRA_WEIGHT_CHARGE',
  'EXTRA_WEIGHT_RETURN',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
export const entryTypeSchema = z.enum(ENTRY_TYPES);

/** One ledger row as a transaction, with every field the transactions list shows. */
export const transactionSchema = z.object({
  dateTime: instantSchema,
  type: entryTypeSchema,
  /** What moved the money: one of LEDGER_REASONS (a string, so a newer server's reason still reads). */
  reason: z.string(),
  outlet: z.string().nullable(),
  agentUser: z.string().nullable(),
  /** The operator employee who confirmed it (deposits). */
  employee: z.string().nullable(),
  /** TX + 10 digits, e.g. TX0000000042. */
  transactionId: z.string(),
  amount: moneySchema,
  credit: moneySchema,
  debit: moneySchema,
  /** The balance after this row. */
  balance: moneySchema,
  referenceNo: z.string().nullable(),
  description: z.string().nullable(),
  remarks: z.string().nullable(),
  /** Deposits: when the operator approved; other rows: when posted. */
  confirmationTime: instantSchema,
  /** A ledger row has moved the money; pending deposits are in the deposit list, not here. */
  confirmed: z.boolean(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const TRANSACTION_SORTS = ['dateTime,desc', 'dateTime,asc'] as const;
export const transactionSearchRequestSchema = z.object({
  companyId: idSchema,
  startDate: localDateSchema,
  endDate: localDateSchema,
  type: entryTypeSchema.optional(),
  reason: z.string().trim().min(1).max(40).optional(),
  transactionId: z.string().trim().max(20).optional(),
  referenceNo: z.string().trim().min(1).max(60).optional(),
  ...page,
  sort: z.enum(TRANSACTION_SORTS).default('dateTime,desc'),
});
export type TransactionSearchRequest = z.input<typeof transactionSearchRequestSchema>;
export const transactionPageSchema = pageOf(transactionSchema).extend({
  totals: z.object({
    /** Sums over every row the filter matches (all pages). */
    credit: moneySchema,
    debit: moneySchema,
    /** The balance before the first row of the date range, and after its last. */
    openingBalance: moneySchema,
    closingBalance: moneySchema,
  }),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

export const commissionSchema = z.object({
  dateTime: instantSchema,
  /** CREDIT: earned on a sale or confirmation; DEBIT: reversed on a cancel. */
  type: entryTypeSchema,
  reason: z.enum(['SALE', 'REVERSAL']),
  amount: moneySchema,
  commissionType: z.enum(['PERCENT', 'FIXED']).nullable(),
  /** PERCENT: percent of the fare (5 = 5 %); FIXED: money per seat. */
  rate: z.number().nullable(),
  /** The reservation PNR. */
  referenceNo: z.string(),
  paid: z.boolean(),
  payTime: instantSchema.nullable(),
  employee: z.string().nullable(),
});
export type Commission = z.infer<typeof commissionSchema>;

export const COMMISSION_SORTS = ['dateTime,desc', 'dateTime,asc'] as const;
export const commissionListRequestSchema = z.object({
  companyId: idSchema,
  startDate: localDateSchema,
  endDate: localDateSchema,
  paid: z.boolean().optional(),
  ...page,
  sort: z.enum(COMMISSION_SORTS).default('dateTime,desc'),
});
export type CommissionListRequest = z.input<typeof commissionListRequestSchema>;
export const commissionPageSchema = pageOf(commissionSchema).extend({
  /** Net sums (earned minus reversed) over the date range, ignoring the paid filter. */
  totals: z.object({ paid: moneySchema, unpaid: moneySchema }),
});

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

/** Money receipts the portal prints. */
export const VOUCHER_KINDS = ['DEPOSIT', 'EXTRA_WEIGHT', 'EXTRA_WEIGHT_RETURN'] as const;
export const voucherKindSchema = z.enum(VOUCHER_KINDS);
export type VoucherKind = z.infer<typeof voucherKindSchema>;

/**
 * POST /api/getVoucherNo: reserves the next number of a kind under a company
 * (for display; createVoucher numbers each voucher itself).
 */
export const voucherNoRequestSchema = z.object({ companyId: idSchema, kind: voucherKindSchema });
export const voucherNoSchema = z.object({ kind: voucherKindSchema, voucherNo: z.string() });

/**
 * POST /api/createVoucher: the receipt of one money record, numbered by the
 * server. referenceId is the deposit's transaction id (DEPOSIT) or the extra
 * weight charge's PNR; amount must be the record's (AMOUNT_MISMATCH). A
 * second call for the same record answers the first voucher (a reprint), so
 * the number never changes.
 */
export const createVoucherRequestSchema = z.object({
  companyId: idSchema,
  kind: voucherKindSchema,
  referenceId: z.string().trim().min(1).max(20),
  amount: positiveMoney,
  /**
   * Ignored, still accepted so older clients' requests validate: the server
   * alone numbers vouchers (a number a client chose could be one the counter
   * is still to hand out).
   */
  voucherNo: z.string().trim().min(1).max(40).optional(),
  remarks: z.string().trim().max(300).optional(),
});
export const voucherSchema = z.object({
  voucherNo: z.string(),
  kind: voucherKindSchema,
  companyId: idSchema,
  companyName: z.string(),
  referenceId: z.string(),
  amount: moneySchema,
  remarks: z.string().nullable(),
  agentName: z.string(),
  outlet: z.string(),
  user: z.string(),
  issueTime: instantSchema,
});
export type Voucher = z.infer<typeof voucherSchema>;
