import type { Dayjs } from 'dayjs';
import { calendarDay, toInputDate } from '../../../lib/format';
import type { ReportDefinition, ReportFilter } from './types';

/** The records' default: the first day of this month to today. */
export function monthToDate(today: string): { fromDate: string; toDate: string } {
  return { fromDate: toInputDate(calendarDay(today).startOf('month')), toDate: today };
}

/**
 * A report's first filters: its default range, today (the company's) for a one-day report, every route, the user's
 * outlet.
 */
export function defaultFilter<Row, Totals>(
  definition: ReportDefinition<Row, Totals>,
  outletId: number | undefined,
  now: Dayjs = calendarDay(),
): ReportFilter {
  const today = toInputDate(now);
  const range = (definition.defaultRange ?? monthToDate)(today);
  return { ...range, date: today, routeId: 0, outletId };
}
