/** Money and records (issue #5): account records, extra weight, unprinted tickets, vouchers. */
import type { Endpoint } from './endpoint';
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
    method: 'POST',
    path: '/api/account/deposit',
    summary: 'Request a deposit: PENDING until the operator approves (credit) or rejects it (Idempotency-Key header honoured)',
    auth: 'session',
    body: depositRequestSchema,
    response: depositSchema,
  },
  depositList: {
    method: 'POST',
    path: '/api/account/depositList',
    summary: "The agent's deposit requests under a company, filtered, paged and sorted",
    auth: 'session',
    body: depositListRequestSchema,
    response: depositPageSchema,
  },
  searchTransactions: {
    method: 'POST',
    path: '/api/account/searchTransactions',
    summary: "The agent's ledger rows under a company, filtered and paged, with credit/debit totals and opening/closing balances",
    auth: 'session',
    body: transactionSearchRequestSchema,
    response: transactionPageSchema,
  },
  commissionList: {
    method: 'POST',
    path: '/api/account/commissionList',
    summary: "The agent's commission rows under a company, paged, with paid and unpaid totals",
    auth: 'session',
    body: commissionListRequestSchema,
    response: commissionPageSchema,
  },
} as const satisfies Record<string, Endpoint>;

export const extraWeightApi = {
  charge: {
    method: 'POST',
    path: '/api/extraWeightCharge',
    summary: 'Charge extra weight (baggage) on a sold reservation before departure; debits the balance (Idempotency-Key header honoured)',
    auth: 'session',
    body: extraWeightChargeRequestSchema,
    response: extraWeightChargeSchema,
  },
  cancel: {
    method: 'POST',
    path: '/api/extraWeightCharge/cancel',
    summary: 'Return an extra weight charge before departure: full refund, status CANCELLED (Idempotency-Key header honoured)',
    auth: 'session',
    body: extraWeightPnrRequestSchema,
    response: extraWeightChargeSchema,
  },
  find: {
    method: 'POST',
    path: '/api/extraWeightCharge/find',
    summary: 'An extra weight charge by its own PNR',
    auth: 'session',
    body: extraWeightPnrRequestSchema,
    response: extraWeightChargeSchema,
  },
  list: {
    method: 'POST',
    path: '/api/extraWeightCharge/list',
    summary: "The agent's extra weight charges under a company (optionally of one reservation), newest first",
    auth: 'session',
    body: extraWeightListRequestSchema,
    response: extraWeightPageSchema,
  },
  savePrintAction: {
    method: 'POST',
    path: '/api/extraWeightCharge/savePrintAction',
    summary: 'Record that an extra weight receipt was printed',
    auth: 'session',
    body: extraWeightPrintRequestSchema,
    response: z.object({ ok: z.literal(true), printCount: z.number().int() }),
  },
} as const satisfies Record<string, Endpoint>;

export const unprintedApi = {
  list: {
    method: 'POST',
    path: '/api/reservation/unprinted',
    summary: "The agent's sold and open tickets never printed, newest first; print each, then record it with savePrintAction ORIGINAL",
    auth: 'session',
    body: unprintedRequestSchema,
    response: unprintedPageSchema,
  },
} as const satisfies Record<string, Endpoint>;

export const voucherApi = {
  getVoucherNo: {
    method: 'POST',
    path: '/api/getVoucherNo',
    summary: 'Reserve the next money-receipt number of a kind under a company',
    auth: 'session',
    body: voucherNoRequestSchema,
    response: voucherNoSchema,
  },
  createVoucher: {
    method: 'POST',
    path: '/api/createVoucher',
    summary: 'Record the receipt of a deposit or extra weight charge/return (a repeat answers the same voucher)',
    auth: 'session',
    body: createVoucherRequestSchema,
    response: voucherSchema,
  },
} as const satisfies Record<string, Endpoint>;
