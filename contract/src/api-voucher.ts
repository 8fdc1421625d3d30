/** Vouchers: money receipts (server/src/modules/voucher). */
import type { Endpoint } from './endpoint';
import { voucherAddresses } from './plain/addresses-voucher';
import { createVoucherRequestSchema, voucherNoRequestSchema, voucherNoSchema, voucherSchema } from './schemas/voucher';

export const voucherApi = {
  getVoucherNo: {
    ...voucherAddresses.getVoucherNo,
    summary: "The money-receipt number held for the caller's next voucher of a kind under a company",
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
