/**
 * A reservation history file's document made of rows a test or a bench makes up (an array, or a stream as a long
 * page's rows come): the report files' byte and streaming tests and bench:render-memory draw it.
 */
import type { ReportLang, ReservationHistoryReport } from '@agent-portal/contract';
import type { ReportDocument } from '../../src/modules/reports/files/document';
import { reservationHistoryDocument } from '../../src/modules/reports/files/documents';
import { streamOf, type RowStream } from '../../src/modules/reports/row-stream';

export type HistoryRow = ReservationHistoryReport['rows'][number];

export const HISTORY_HEADER = {
  company: 'Green Line',
  outlet: null,
  agent: 'AG-1001',
  user: 'agent',
  period: { from: '2026-01-01', to: '2026-06-30' },
  generatedAt: '2026-01-01T00:00:00.000Z',
};

export function historyDocument(o: {
  rows: HistoryRow[] | RowStream<HistoryRow>;
  /** The rows the report matched: its page size and total. */
  count: number;
  /** By default every row a 1,000.00 charge. */
  totals?: ReservationHistoryReport['totals'];
  lang?: ReportLang;
}): ReportDocument {
  return reservationHistoryDocument(
    {
      header: HISTORY_HEADER,
      rows: Array.isArray(o.rows) ? streamOf(o.rows) : o.rows,
      totals: o.totals ?? { actions: o.count, charged: o.count * 1000, refunded: 0 },
      page: 1,
      pageSize: o.count,
      total: o.count,
    },
    { lang: o.lang ?? 'en', timeZone: 'Asia/Dhaka' },
  );
}
