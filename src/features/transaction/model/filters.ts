import type { Dayjs } from 'dayjs';
import type { TransactionSearchRequest } from '@agent-portal/contract';
import { calendarDay, toInputDate } from '../../../lib/format';

export type TransactionFilter = Pick<
  TransactionSearchRequest,
  'startDate' | 'endDate' | 'type' | 'reason' | 'transactionId' | 'referenceNo'
>;

/** The first day of the current month through today, in the company's calendar. */
export function defaultRange(now: Dayjs = calendarDay()): { start: Dayjs; end: Dayjs } {
  return { start: now.startOf('month'), end: now };
}

export function defaultFilter(now: Dayjs = calendarDay()): TransactionFilter {
  const { start, end } = defaultRange(now);
  return { startDate: toInputDate(start), endDate: toInputDate(end) };
}
