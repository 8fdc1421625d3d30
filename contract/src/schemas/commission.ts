/** Commissions (server/src/modules/commission): earned on sales, reversed on cancels, paid or unpaid. */
import { z } from 'zod';
import { idSchema, instantSchema, localDateSchema, moneySchema, pageFields, pageOf } from './common';
import { entryTypeSchema } from './transaction';
const page = pageFields(20);

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
