/** Vouchers (server/src/modules/voucher): the money receipts of deposits and extra weight charges and returns. */
import { z } from 'zod';
import { idSchema, instantSchema, moneySchema, positiveAmountSchema } from './common';

const positiveMoney = positiveAmountSchema();

/** Money receipts the portal prints. */
export const VOUCHER_KINDS = ['DEPOSIT', 'EXTRA_WEIGHT', 'EXTRA_WEIGHT_RETURN'] as const;
export const voucherKindSchema = z.enum(VOUCHER_KINDS);
export type VoucherKind = z.infer<typeof voucherKindSchema>;

/**
 * POST /api/getVoucherNo: the number held for the caller's next voucher of a
 * kind under a company: the same on every call until that voucher (a deposit,
 * createVoucher) takes it, so calling it burns no number (issue #32).
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
