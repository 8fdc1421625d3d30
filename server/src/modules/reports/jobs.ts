/**
 * The eight reports as jobs: what each one queries and which document its
 * file is, in one table that the server's thread (REPORT_WORKERS=0, or an
 * in-memory database) and the report workers (worker-main.ts) both run, so
 * the answers are the same wherever a report runs.
 */
import { PassThrough } from 'node:stream';
import type { ReportFormat, ReportLang } from '@agent-portal/contract';
import type { Principal } from '../../http/principal';
import type { ReportDocument } from './files/document';
import {
  dailySalesDocument,
  omittedTripsDocument,
  outletSalesDocument,
  reservationDetailsDocument,
  reservationHistoryDocument,
  salesDetailsDocument,
  type DocumentOptions,
} from './files/documents';
import { bengaliFonts, type BengaliFonts } from './files/fonts';
import type { ReportName } from './files/labels';
import { pdfRenderer, xlsxRenderer } from './files/renderers';
import type { ReportsService } from './service';

// The route's inputs of each report, as the contract's schemas parse them.
type Range = { companyId: number; fromDate: string; toDate: string };
type Paged = Range & { page: number; pageSize: number };

/** One report to run: everything a worker needs, all of it structured-cloneable. */
export interface ReportJob {
  name: ReportName;
  principal: Principal;
  /** The route's params or body. */
  input: Record<string, unknown>;
  format: ReportFormat;
  lang: ReportLang;
  /** The request's "now" (the server's clock, FIXED_NOW or a test's), which the report's header states. */
  now: string;
}

interface ReportKind {
  run(s: ReportsService, p: Principal, input: never, format: ReportFormat): Promise<unknown>;
  document(report: never, o: DocumentOptions): ReportDocument;
}

// A file holds every matching row (up to the cap) rather than the page the JSON answer shows.
const allRows = <B extends { page: number; pageSize: number }>(s: ReportsService, body: B, format: ReportFormat): B =>
  format === 'json' ? body : { ...body, page: 1, pageSize: s.fileMaxRows };

const kind = <I, R>(k: {
  run(s: ReportsService, p: Principal, input: I, format: ReportFormat): Promise<R>;
  document(report: R, o: DocumentOptions): ReportDocument;
}) => k as unknown as ReportKind;

export const REPORT_KINDS: Record<ReportName, ReportKind> = {
  userSalesSummary: kind({
    run: (s, p, i: Range) => s.userSalesSummary(p, i),
    document: (r, o) => dailySalesDocument('userSalesSummary', r, o),
  }),
  userSalesDetails: kind({
    run: (s, p, i: { companyId: number; date: string }, f) => s.userSalesDetails(p, i, s.rowCap(f)),
    document: (r, o) => salesDetailsDocument('userSalesDetails', r, o),
  }),
  outletSales: kind({
    run: (s, p, i: Range) => s.outletSales(p, i),
    document: (r, o) => outletSalesDocument(r, o),
  }),
  outletSalesByDateRange: kind({
    run: (s, p, i: Range & { outletId: number }) => s.outletSalesByDateRange(p, i),
    document: (r, o) => dailySalesDocument('outletSalesByDateRange', r, o),
  }),
  outletSalesDetails: kind({
    run: (s, p, i: Range, f) => s.outletSalesDetails(p, i, s.rowCap(f)),
    document: (r, o) => salesDetailsDocument('outletSalesDetails', r, o),
  }),
  omittedTripsReservationDetails: kind({
    run: (s, p, i: Range & { routeId: number }, f) => s.omittedTrips(p, i, s.rowCap(f)),
    document: (r, o) => omittedTripsDocument(r, o),
  }),
  reservationDetails: kind({
    run: (s, p, i: Paged & Parameters<ReportsService['reservationDetails']>[1], f) =>
      s.reservationDetails(p, allRows(s, i, f)),
    document: (r, o) => reservationDetailsDocument(r, o),
  }),
  reservationHistory: kind({
    run: (s, p, i: Paged & Parameters<ReportsService['reservationHistory']>[1], f) =>
      s.reservationHistory(p, allRows(s, i, f)),
    document: (r, o) => reservationHistoryDocument(r, o),
  }),
};

/** Runs the report's queries: its JSON answer (every row up to the cap when a file is asked for). */
export function runReport(
  s: ReportsService,
  job: Pick<ReportJob, 'name' | 'principal' | 'input' | 'format'>,
): Promise<unknown> {
  return REPORT_KINDS[job.name].run(s, job.principal, job.input as never, job.format);
}

export function reportDocument(name: ReportName, report: unknown, o: DocumentOptions): ReportDocument {
  return REPORT_KINDS[name].document(report as never, o);
}

let fonts: BengaliFonts | null | undefined;
/** The Bengali fonts, read once per thread (null when missing: a Bengali PDF then fails before any byte). */
export function reportFonts(): BengaliFonts | null {
  return (fonts ??= bengaliFonts());
}

/** The whole file in memory: what a worker hands back to the server's thread. */
export async function renderFile(doc: ReportDocument, format: 'pdf' | 'xlsx'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if (format === 'pdf') {
    const { renderPdf } = await pdfRenderer();
    for await (const chunk of renderPdf(doc, reportFonts())) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  const out = new PassThrough();
  const collected = (async () => {
    for await (const chunk of out) chunks.push(chunk as Buffer);
  })();
  await (await xlsxRenderer()).renderXlsx(doc, out);
  await collected;
  return Buffer.concat(chunks);
}
