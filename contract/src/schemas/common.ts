import { z } from 'zod';

/**
 * Bounds on every number a request carries, so none reaches arithmetic,
 * SQLite or a ledger it was never meant for: beyond them a request is 400
 * VALIDATION_FAILED naming the field.
 */
/** The largest id: a signed 32-bit integer (this server's rows stay far below it). */
export const MAX_ID = 2_147_483_647;
/** The most money one request may name (a deposit, a voucher, a return): ৳10,000,000.00. */
export const MAX_AMOUNT = 10_000_000;
/** The most one extra weight (baggage) charge may be: ৳100,000.00. */
export const MAX_EXTRA_WEIGHT_AMOUNT = 100_000;
/** Page numbers of paged lists and reports go up to this (pages hold at most MAX_PAGE_SIZE rows). */
export const MAX_PAGE = 100_000;
export const MAX_PAGE_SIZE = 500;
/** The longest date range a list or report takes, both ends counted (a leap year). */
export const MAX_DATE_RANGE_DAYS = 366;

const twoDecimals = (n: number) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** Money crosses the wire as a decimal number with at most 2 decimals (answers; requests use amountSchema). */
export const moneySchema = z.number().refine(twoDecimals, { message: 'at most 2 decimals' });
/** Money a request carries: from 0 to `max`, at most 2 decimals. */
export function amountSchema(max: number = MAX_AMOUNT) {
  return z.number().min(0).max(max).refine(twoDecimals, { message: 'at most 2 decimals' });
}
/** Money a request carries that must be more than 0. */
export function positiveAmountSchema(max: number = MAX_AMOUNT) {
  return z.number().positive().max(max).refine(twoDecimals, { message: 'at most 2 decimals' });
}
/** Days from one local date to another, both counted: 2026-01-01 to 2026-01-01 is 1. */
export function dateRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
/** An ISO-8601 instant. */
export const instantSchema = z.iso.datetime({ offset: true });
/** A local calendar date, yyyy-MM-dd. */
export const localDateSchema = z.iso.date();
export const idSchema = z.number().int().positive().max(MAX_ID);
/** A path parameter that must be a positive integer id. */
export const idParamSchema = z.coerce.number().int().positive().max(MAX_ID);
export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/** GET /api/health: the server is up, and which version it runs. */
export const healthSchema = z.object({ ok: z.literal(true), version: z.string() });
export type Health = z.infer<typeof healthSchema>;

/**
 * The operator's maintenance switch as the portal shows it: on or off, the operator's message (and its Bengali
 * version when one was given), and since when (ISO instant).
 */
export const maintenanceStatusSchema = z.object({
  on: z.boolean(),
  message: z.string().optional(),
  messageBn: z.string().optional(),
  since: z.string().optional(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

/** The page fields of a paged request (page from 1, pageSize from 1 to MAX_PAGE_SIZE). */
export function pageFields(defaultPageSize = 20) {
  return {
    page: z.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultPageSize),
  };
}
export const pageQuerySchema = z.object(pageFields());
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}
