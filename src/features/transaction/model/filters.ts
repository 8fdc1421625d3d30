import dayjs, { type Dayjs } from 'dayjs';
import type { TransactionSearchRequest } from '@agent-portal/contract';
import { toInputDate } from '../../../lib/format';

export type TransactionFilter = Pick<TransactionSearchRequest, 'startDate' | 'endDate' | 'type' | 'reason' | 'transactionId' | 'referenceNo'>;

/** SPEC.md section 9: the first day of the current month through now. */
export function defaultRange(now: Dayjs = dayjs()): { start: Dayjs; end: Dayjs } {
  return { start: now.startOf('month'), end: now };
}

export function defaultFilter(now: Dayjs = dayjs()): TransactionFilter {
  const { start, end } = defaultRange(now);
  return { startDate: toInputDate(start), endDate: toInputDate(end) };
}
