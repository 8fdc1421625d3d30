/** Money and records (issue #5): account records, extra weight, unprinted tickets, vouchers. */
import type { Endpoint } from './endpoint';
import {
  accountAddresses,
  extraWeightAddresses,
  unprintedAddresses,
  voucherAddresses,
} from './plain/addresses-records';
import {
  commissionListRequestSchema,
  commissionPageSchema,
  createVoucherRequestSchema,
  depositListRequestSchema,
  depositPageSchema,
  depositRequestSchema,
  depositSchema,
  extraWeightChargeRequestSchema,
  extraWeightChargeSchema,
  extraWeightListRequestSchema,
  extraWeightPageSchema,
  extraWeightPnrRequestSchema,
  extraWeightPrintRequestSchema,
  transactionPageSchema,
  transactionSearchRequestSchema,
  unprintedPageSchema,
  unprintedRequestSchema,
  voucherNoRequestSchema,
  voucherNoSchema,
  voucherSchema,
} from './schemas/records';
import { z } from 'zod';

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

export const extraWeightApi = {
  charge: {
    ...extraWeightAddresses.charge,
    summary:
      'Charge extra weight (baggage) on a sold reservation before departure; debits the balance (Idempotency-Key header honoured)',
    body: extraWeightChargeRequestSchema,
    response: extraWeightChargeSchema,
  },
  cancel: {
    ...extraWeightAddresses.cancel,
    summary:
      'Return an extra weight charge before departure: full refund, status CANCELLED (Idempotency-Key header honoured)',
    body: extraWeightPnrRequestSchema,
    response: extraWeightChargeSchema,
  },
  find: {
    ...extraWeightAddresses.find,
    summary: 'An extra weight charge by its own PNR',
    body: extraWeightPnrRequestSchema,
    response: extraWeightChargeSchema,
  },
  list: {
    ...extraWeightAddresses.list,
    summary: "The agent's extra weight charges under a company (optionally of one reservation), newest first",
    body: extraWeightListRequestSchema,
    response: extraWeightPageSchema,
  },
  savePrintAction: {
    ...extraWeightAddresses.savePrintAction,
    summary: 'Record that an extra weight receipt was printed',
    body: extraWeightPrintRequestSchema,
    response: z.object({ ok: z.literal(true), printCount: z.number().int() }),
  },
} as const satisfies Record<string, Endpoint>;

export const unprintedApi = {
  list: {
    ...unprintedAddresses.list,
    summary:
      "The agent's sold and open tickets never printed, newest first; print each, then record it with savePrintAction ORIGINAL",
    body: unprintedRequestSchema,
    response: unprintedPageSchema,
  },
} as const satisfies Record<string, Endpoint>;

export const voucherApi = {
  getVoucherNo: {
    ...voucherAddresses.getVoucherNo,
    summary: 'Reserve the next money-receipt number of a kind under a company',
    body: voucherNoRequestSchema,
    response: voucherNoSchema,
  },
  createVoucher: {
    ...voucherAddresses.createVoucher,
    summary: 'Record the receipt of a deposit or extra weight charge/return (a repeat answers the same voucher)',
    body: createVoucherRequestSchema,
    response: voucherSchema,
  },
} as const satisfies Record<string, Endpoint>;
