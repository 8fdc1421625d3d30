/**
 * Server-side paging of the records lists. Pages are OFFSET pages over an
 * index order; a page past the middle is read in the opposite order from
 * the other end (and turned round), so no page skips more than half the
 * matching rows.
 */
import { addDays, zonedInstant } from './zoned-time';

export interface PageWindow {
  /** Read in this direction... */
  reversed: boolean;
  offset: number;
  limit: number;
}

/** Where page `page` of `pageSize` rows out of `total` sits, read from the nearer end. */
export function pageWindow(page: number, pageSize: number, total: number): PageWindow | null {
  const offset = (page - 1) * pageSize;
  if (offset >= total) return null;
  const limit = Math.min(pageSize, total - offset);
  if (offset + limit / 2 <= total / 2) return { reversed: false, offset, limit };
  return { reversed: true, offset: total - offset - limit, limit };
}

/** Local dates (inclusive) as a half-open UTC range [from, to) in the company's zone. */
export function localDateRange(
  timeZone: string,
  startDate?: string,
  endDate?: string,
): { from: string | null; to: string | null } {
  return {
    from: startDate ? zonedInstant(startDate, 0, timeZone).toISOString() : null,
    to: endDate ? zonedInstant(addDays(endDate, 1), 0, timeZone).toISOString() : null,
  };
}

/** "TX0000000042" or "42" -> 42; anything else -> null (matches nothing). */
export function parseFormattedId(value: string, prefix: string): number | null {
  const m = new RegExp(`^(?:${prefix})?0*(\\d{1,15})$`, 'i').exec(value.trim());
  const n = m?.[1] ? Number(m[1]) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export const formatId = (prefix: string, id: number, width: number): string =>
  `${prefix}${String(id).padStart(width, '0')}`;
