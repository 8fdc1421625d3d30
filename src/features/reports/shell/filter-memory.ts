/**
 * The last filters a user ran each report with, per user and company, kept in
 * localStorage so the report opens as it was left (also after a restart).
 * What comes back is checked field by field: an old or hand-edited entry
 * falls back to the defaults rather than breaking the screen.
 */
import type { ReportFilter } from './types';

const STORAGE_KEY = 'agent-portal.report-filters';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whose filters: the signed-in user under the current company. */
export interface FilterScope {
  username: string;
  companyId: number;
  report: string;
}

const keyOf = (scope: FilterScope) => `${scope.username}@${scope.companyId}/${scope.report}`;

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const optionalNumber = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
const optionalText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.slice(0, 20) : undefined);

function asFilter(value: unknown): ReportFilter | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const dates = [v.fromDate, v.toDate, v.date];
  if (!dates.every((d) => typeof d === 'string' && DATE.test(d))) return null;
  return {
    fromDate: v.fromDate as string,
    toDate: v.toDate as string,
    date: v.date as string,
    routeId: optionalNumber(v.routeId) ?? 0,
    outletId: optionalNumber(v.outletId),
    status: optionalNumber(v.status),
    pnr: optionalText(v.pnr),
    phone: optionalText(v.phone),
  };
}

export function rememberedFilter(scope: FilterScope): ReportFilter | null {
  return asFilter(readAll()[keyOf(scope)]);
}

export function rememberFilter(scope: FilterScope, filter: ReportFilter): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(), [keyOf(scope)]: filter }));
  } catch {
    // Storage full or disabled: the filter is simply not remembered.
  }
}
