import { formatId } from '../../lib/paging';

/** A deposit request's transaction id: `DP` + its row id in 8 digits (vouchers name their deposit by it). */
export const DEPOSIT_ID_PREFIX = 'DP';
export const depositTransactionId = (id: number): string => formatId(DEPOSIT_ID_PREFIX, id, 8);
