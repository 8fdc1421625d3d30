import { z } from 'zod';

/** Money crosses the wire as a decimal number with at most 2 decimals. */
export const moneySchema = z.number().refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
  message: 'at most 2 decimals',
});
/** An ISO-8601 instant. */
export const instantSchema = z.iso.datetime({ offset: true });
/** A local calendar date, yyyy-MM-dd. */
export const localDateSchema = z.iso.date();
export const idSchema = z.number().int().positive();
/** A path parameter that must be a positive integer id. */
export const idParamSchema = z.coerce.number().int().positive();
export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/** GET /api/health: the server is up, and which version it runs. */
export const healthSchema = z.object({ ok: z.literal(true), version: z.string() });
export type Health = z.infer<typeof healthSchema>;

export const pageQuerySchema = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(500).default(20),
});
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}
