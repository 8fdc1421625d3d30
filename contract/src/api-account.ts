/**
 * Deposits, the ledger as transactions and commissions under /api/account/
 * (server modules deposit, transaction and commission).
 */
import type { Endpoint } from './endpoint';
import { accountAddresses } from './plain/addresses-account';
import { depositListRequestSchema, depositPageSchema, depositRequestSchema, depositSchema } from './schemas/deposit';
import { transactionPageSchema, transactionSearchRequestSchema } from './schemas/transaction';
import { commissionListRequestSchema, commissionPageSchema } from './schemas/commission';

export const accountApi = {
  deposit: {
    ...accountAddresses.deposit,
    summary:
      'Request a deposit: PENDING until the operator approves (credit) or rejects it (Idempotency-Key header honoured)',
    body: depositRequestSchema,
    response: depositSchema,
  },
  depositList: {
    ...accountAddresses.depositList,
    summary: "The agent's deposit requests under a company, filtered, paged and sorted",
    body: depositListRequestSchema,
    response: depositPageSchema,
  },
  searchTransactions: {
    ...accountAddresses.searchTransactions,
    summary:
      "The agent's ledger rows under a company, filtered and paged, with credit/debit totals and opening/closing balances",
    body: transactionSearchRequestSchema,
    response: transactionPageSchema,
  },
  commissionList: {
    ...accountAddresses.commissionList,
    summary: "The agent's commission rows under a company, paged, with paid and unpaid totals",
    body: commissionListRequestSchema,
    response: commissionPageSchema,
  },
} as const satisfies Record<string, Endpoint>;
