/**
 * The eight reports' JSON answers as documents: which columns each file has,
 * in what order and language, and what its header and totals row say.
 */
import type {
  OmittedTripsReport,
  OutletSales,
  ReportHeader,
  ReportLang,
  ReservationDetailsReport,
  ReservationHistoryReport,
  SalesDetails,
  SalesFigures,
  UserSalesSummary,
} from '@agent-portal/contract';
import { mapRows, streamOf, type RowStream, type Streamed } from '../row-stream';
import type { Cell, ColumnKind, ReportDocument } from './document';
import { formatCount, formatDate, formatDateTime, formatMoney, localDigits } from './format';
import {
  ACTION_LABELS,
  COLUMN_LABELS,
  HEADER_LABELS,
  REMARK_TEXTS,
  REPORT_TITLES,
  STATUS_LABELS,
  TRIP_STATE_LABELS,
  fill,
  type ColumnKey,
  type ReportName,
  type Text,
} from './labels';

interface ColumnSpec<R, T> {
  key: ColumnKey;
  kind: ColumnKind;
  weight: number;
  value: (row: R, ctx: Ctx) => Cell;
  /** The totals row's cell; columns without one stay empty there. */
  total?: (totals: T) => Cell;
}

interface Ctx {
  lang: ReportLang;
  timeZone: string;
}

/** What every report answer has in common; a file's rows may come as a stream (a long page's do). */
interface Report<R, T> {
  header: ReportHeader;
  rows: R[] | RowStream<R>;
  totals: T;
}

export interface DocumentOptions {
  lang: ReportLang;
  timeZone: string;
  /** Rows the report matched in all, when the file holds fewer (the POST reports' cap). */
  matched?: number;
}

const say = (text: Text | undefined, lang: ReportLang, fallback = '') => text?.[lang] ?? fallback;

function headerLines(h: ReportHeader, o: DocumentOptions): ReportDocument['header'] {
  const l = (k: keyof typeof HEADER_LABELS) => HEADER_LABELS[k][o.lang];
  const from = formatDate(h.period.from, o.lang);
  const period = h.period.from === h.period.to ? from : `${from} – ${formatDate(h.period.to, o.lang)}`;
  return [
    { label: l('company'), value: h.company },
    { label: l('outlet'), value: h.outlet ?? l('allOutlets') },
    { label: l('agent'), value: h.agent },
    { label: l('user'), value: h.user },
    { label: l('period'), value: period },
    { label: l('generatedAt'), value: `${formatDateTime(h.generatedAt, o.timeZone, o.lang)} (${o.timeZone})` },
  ];
}

/**
 * count: how many rows the totals cover, said in the totals row's label ("Total (8)") where rows are things counted.
 */
function build<R, T>(
  name: ReportName,
  report: Report<R, T>,
  specs: ColumnSpec<R, T>[],
  o: DocumentOptions,
  count?: number,
): ReportDocument {
  const ctx: Ctx = { lang: o.lang, timeZone: o.timeZone };
  const rows = Array.isArray(report.rows) ? streamOf(report.rows) : report.rows;
  const notes =
    o.matched !== undefined && o.matched > rows.count
      ? [
          fill(HEADER_LABELS.truncated[o.lang], {
            n: formatCount(rows.count, o.lang),
            total: formatCount(o.matched, o.lang),
          }),
        ]
      : [];
  return {
    lang: o.lang,
    title: REPORT_TITLES[name][o.lang],
    header: headerLines(report.header, o),
    notes,
    columns: specs.map((s) => ({ label: COLUMN_LABELS[s.key][o.lang], kind: s.kind, weight: s.weight })),
    rows: mapRows(rows, (r) => specs.map((s) => s.value(r, ctx))),
    totals: specs.map((s, i) =>
      i > 0
        ? (s.total?.(report.totals) ?? null)
        : count === undefined
          ? HEADER_LABELS.total[o.lang]
          : `${HEADER_LABELS.total[o.lang]} (${formatCount(count, o.lang)})`,
    ),
    // Page numbers without grouping in both languages ("Page 1 of 1700"), as the English files always printed them.
    pageLabel: (x, y) =>
      fill(HEADER_LABELS.page[o.lang], { x: localDigits(String(x), o.lang), y: localDigits(String(y), o.lang) }),
  };
}

/** A column whose cell is a field of the row and whose total is the same field of the totals. */
function field<R, T, K extends keyof R & keyof T>(key: K & ColumnKey, kind: ColumnKind, weight = 1): ColumnSpec<R, T> {
  return { key, kind, weight, value: (r) => r[key] as Cell, total: (t) => t[key] as Cell };
}
function text<R, T>(
  key: ColumnKey,
  value: (r: R, ctx: Ctx) => Cell,
  weight = 1,
  kind: ColumnKind = 'text',
): ColumnSpec<R, T> {
  return { key, kind, weight, value };
}

function figureColumns<R extends SalesFigures>(): ColumnSpec<R, SalesFigures>[] {
  return [
    field('tickets', 'int', 0.8),
    field('seats', 'int', 0.7),
    field('grossFare', 'money', 1.2),
    field('discount', 'money'),
    field('netFare', 'money', 1.2),
    field('migrations', 'int', 0.9),
    field('migrationCharge', 'money', 1.1),
    field('cancellations', 'int', 1),
    field('refunds', 'money'),
    field('commission', 'money'),
    field('netCollection', 'money', 1.2),
  ];
}

type Daily = UserSalesSummary['rows'][number];
export function dailySalesDocument(
  name: 'userSalesSummary' | 'outletSalesByDateRange',
  report: UserSalesSummary,
  o: DocumentOptions,
): ReportDocument {
  return build<Daily, SalesFigures>(
    name,
    report,
    [text('date', (r, c) => formatDate(r.date, c.lang), 1, 'date'), ...figureColumns<Daily>()],
    o,
  );
}

type OutletRow = OutletSales['rows'][number];
export function outletSalesDocument(report: OutletSales, o: DocumentOptions): ReportDocument {
  return build<OutletRow, SalesFigures>(
    'outletSales',
    report,
    [text('outlet', (r) => r.outlet, 1.4), text('user', (r) => r.user, 1.1), ...figureColumns<OutletRow>()],
    o,
  );
}

const journey = (r: { origin: string; destination: string }) => `${r.origin} – ${r.destination}`;
const status = (s: number, lang: ReportLang) => say(STATUS_LABELS[s], lang, String(s));

type ActionRow = SalesDetails['rows'][number];
type ActionTotals = SalesDetails['totals'];
export function salesDetailsDocument(
  name: 'userSalesDetails' | 'outletSalesDetails',
  report: SalesDetails,
  o: DocumentOptions,
): ReportDocument {
  return build<ActionRow, ActionTotals>(
    name,
    report,
    [
      text('time', (r, c) => formatDateTime(r.time, c.timeZone, c.lang), 1.3, 'time'),
      text('action', (r, c) => say(ACTION_LABELS[r.action], c.lang, r.action), 1.4),
      text('pnr', (r) => r.pnr, 1, 'code'),
      text('status', (r, c) => status(r.status, c.lang), 1),
      text('tripDate', (r, c) => r.tripDate && formatDate(r.tripDate, c.lang), 1, 'date'),
      text('coach', (r) => r.coachCode, 0.8, 'code'),
      text('route', (r) => r.route, 1.2),
      text('journey', journey, 1.6),
      text('seats', (r) => r.seats.join(', '), 0.9, 'code'),
      field('fare', 'money'),
      field('discount', 'money', 0.9),
      // Charged rows are positive and refunds negative, so the net is this column's total.
      { key: 'amount', kind: 'money', weight: 1, value: (r) => r.amount, total: (t) => t.net },
      text('outlet', (r) => r.outlet, 1.1),
      text('user', (r) => r.user, 0.9),
    ],
    o,
    report.totals.actions,
  );
}

type ReservationRow = ReservationDetailsReport['rows'][number];
type ReservationTotals = ReservationDetailsReport['totals'];
function reservationColumns<R extends ReservationRow>(): ColumnSpec<R, ReservationTotals>[] {
  return [
    text('pnr', (r) => r.pnr, 1, 'code'),
    text('referencePnr', (r) => r.referencePnr, 1, 'code'),
    text('status', (r, c) => status(r.status, c.lang), 1),
    text('reservedAt', (r, c) => formatDateTime(r.reservedAt, c.timeZone, c.lang), 1.3, 'time'),
    text('tripDate', (r, c) => r.tripDate && formatDate(r.tripDate, c.lang), 1, 'date'),
    text('coach', (r) => r.coachCode, 0.8, 'code'),
    text('journey', journey, 1.6),
    text('passenger', (r) => r.passengerName, 1.3),
    text('phone', (r) => r.phone, 1.2, 'code'),
    { ...text<R, ReservationTotals>('seats', (r) => r.seats.join(', '), 0.9, 'code'), total: (t) => t.seats },
    field('fare', 'money'),
    field('discount', 'money', 0.9),
    field('charged', 'money'),
    field('refunded', 'money'),
    field('fine', 'money', 0.9),
    text('outlet', (r) => r.outlet, 1.1),
    text('user', (r) => r.user, 0.9),
  ];
}

export function reservationDetailsDocument(
  report: ReservationDetailsReport | Streamed<ReservationDetailsReport>,
  o: DocumentOptions,
): ReportDocument {
  return build<ReservationRow, ReservationTotals>(
    'reservationDetails',
    report,
    reservationColumns<ReservationRow>(),
    { ...o, matched: report.total },
    report.totals.reservations,
  );
}

type OmittedRow = OmittedTripsReport['rows'][number];
export function omittedTripsDocument(report: OmittedTripsReport, o: DocumentOptions): ReportDocument {
  const columns = reservationColumns<OmittedRow>();
  // The trip's state right after the PNR's status: why the reservation is listed.
  columns.splice(
    3,
    0,
    text('tripState', (r, c) => say(TRIP_STATE_LABELS[r.tripState], c.lang, r.tripState), 1),
  );
  return build<OmittedRow, ReservationTotals>(
    'omittedTripsReservationDetails',
    report,
    columns,
    o,
    report.totals.reservations,
  );
}

/** A history row's remarks in the file's language: the server's own by their code, an agent's as written. */
function remarksText(r: HistoryRow, c: Ctx): string | null {
  if (!r.remark) return r.remarks;
  const p = r.remark.params;
  const values: Record<string, string> = { ...p };
  if (p.fine !== undefined) values.fine = formatMoney(Number(p.fine), c.lang);
  if (p.percent !== undefined) values.percent = localDigits(p.percent, c.lang);
  if (p.request !== undefined) values.request = localDigits(p.request, c.lang);
  if (p.until !== undefined) values.until = formatDateTime(p.until, c.timeZone, c.lang);
  return fill(REMARK_TEXTS[r.remark.code][c.lang], values);
}

const CHARGE_ACTIONS = new Set(['SELL', 'OPEN', 'CONFIRMED', 'MIGRATE']);
type HistoryRow = ReservationHistoryReport['rows'][number];
type HistoryTotals = ReservationHistoryReport['totals'];
export function reservationHistoryDocument(
  report: ReservationHistoryReport | Streamed<ReservationHistoryReport>,
  o: DocumentOptions,
): ReportDocument {
  return build<HistoryRow, HistoryTotals>(
    'reservationHistory',
    report,
    [
      text('time', (r, c) => formatDateTime(r.time, c.timeZone, c.lang), 1.2, 'time'),
      text('pnr', (r) => r.pnr, 1, 'code'),
      text('action', (r, c) => say(ACTION_LABELS[r.action], c.lang, r.action), 1.6),
      text('user', (r) => r.user, 1),
      text('outlet', (r) => r.outlet, 1.2),
      { key: 'amount', kind: 'money', weight: 1, value: (r) => r.amount },
      // The totals' split of amounts (history-repository's rule), per row, so each column adds up to its total.
      {
        key: 'charged',
        kind: 'money',
        weight: 1,
        value: (r) => (CHARGE_ACTIONS.has(r.action) ? r.amount : null),
        total: (t) => t.charged,
      },
      {
        key: 'refunded',
        kind: 'money',
        weight: 1,
        value: (r) => (r.action.startsWith('CANCELLED') ? r.amount : null),
        total: (t) => t.refunded,
      },
      text('remarks', remarksText, 2.4),
    ],
    { ...o, matched: report.total },
    report.totals.actions,
  );
}
