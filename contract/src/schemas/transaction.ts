/**
 * The ledger as transactions (server/src/modules/transaction): every credit and
 * debit of the agent's balance, with totals and opening/closing balances.
 */
import { z } from 'zod';
import { idSchema, instantSchema, localDateSchema, moneySchema, pageFields, pageOf } from './common';
const page = pageFields(20);

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
