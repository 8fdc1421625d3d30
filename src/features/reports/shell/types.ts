import type { Permission, ReportHeader } from '@agent-portal/contract';

/** The filters a report may ask for; the form shows only those its definition lists. */
export type FilterField = 'range' | 'day' | 'outlet' | 'route' | 'status' | 'pnr' | 'phone';

/** Every filter value a report may take; dates are local yyyy-MM-dd. */
export interface ReportFilter {
  fromDate: string;
  toDate: string;
  /** The one day of a single-day report (userSalesDetails). */
  date: string;
  outletId?: number;
  /** 0: every route. */
  routeId: number;
  status?: number;
  pnr?: string;
  phone?: string;
}

/** What a report call needs besides the filter. */
export interface ReportRequest {
  companyId: number;
  filter: ReportFilter;
  /** Paged reports only. */
  page: number;
  pageSize: number;
}

export type FileFormat = 'pdf' | 'xlsx';

/** The answer every report gives: { header, rows, totals } (contract schemas/reports.ts), and a total when paged. */
export interface ReportData<Row, Totals> {
  header: ReportHeader;
  rows: Row[];
  totals: Totals;
  total?: number;
}

export type CellKind = 'money' | 'count' | 'text' | 'date' | 'dateTime' | 'seats' | 'status' | 'action' | 'tripState';

export interface ReportColumn<Row> {
  /** Key under reports:columns, and the column's identity. */
  key: string;
  kind: CellKind;
  value: (row: Row) => string | number | readonly string[] | null;
}

export interface ReportChart<Row> {
  /** Key under reports:chart. */
  titleKey: 'perDay' | 'perOutlet';
  /** The label kind: a date is shown in the screen's format. */
  labelKind: 'date' | 'text';
  label: (row: Row) => string;
  value: (row: Row) => number;
}

/**
 * One report: where it lives, who may see it, which filters it asks for, how
 * it calls the server (JSON for the table, PDF and XLSX files) and how its
 * rows, totals and chart read.
 */
export interface ReportDefinition<Row, Totals> {
  /** Remembered filters and file names are kept under this key. */
  key: string;
  permission: Permission;
  /** Key under the menu namespace (the drawer's title). */
  titleKey: string;
  filters: readonly FilterField[];
  /** The date range a new user starts with (default: the first of this month to today). */
  defaultRange?: (today: string) => { fromDate: string; toDate: string };
  /** Trip dates rather than sale dates (labels only). */
  tripDates?: boolean;
  paged?: boolean;
  fetch: (request: ReportRequest, signal?: AbortSignal) => Promise<ReportData<Row, Totals>>;
  download: (request: ReportRequest, file: FileDownload) => Promise<Blob>;
  rowKey: (row: Row, index: number) => string;
  columns: readonly ReportColumn<Row>[];
  /** The totals row: a figure per column key; the first column says Total. */
  totals: (totals: Totals) => Partial<Record<string, number>>;
  chart?: ReportChart<Row>;
}

/** One file download: its format and language, the name its progress is asked by, and the signal that cancels it. */
export interface FileDownload {
  format: FileFormat;
  lang: 'en' | 'bn';
  job: string;
  signal: AbortSignal;
}

export function defineReport<Row, Totals>(definition: ReportDefinition<Row, Totals>): ReportDefinition<Row, Totals> {
  return definition;
}
