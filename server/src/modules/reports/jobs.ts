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
  /** A file's report where it differs from `run`'s: a long page's rows as a stream, read as they are drawn. */
  file?(s: ReportsService, p: Principal, input: never): Promise<unknown>;
  document(report: never, o: DocumentOptions): ReportDocument;
}

// A file holds every matching row (up to the cap) rather than the page the JSON answer shows.
const allRows = <B extends { page: number; pageSize: number }>(s: ReportsService, body: B): B => ({
  ...body,
  page: 1,
  pageSize: s.fileMaxRows,
});

const kind = <I, R, F = R>(k: {
  run(s: ReportsService, p: Principal, input: I, format: ReportFormat): Promise<R>;
  file?(s: ReportsService, p: Principal, input: I): Promise<F>;
  document(report: R | F, o: DocumentOptions): ReportDocument;
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
    run: (s, p, i: Paged & Parameters<ReportsService['reservationDetails']>[1]) => s.reservationDetails(p, i),
    file: (s, p, i) => s.reservationDetailsStream(p, allRows(s, i)),
    document: (r, o) => reservationDetailsDocument(r, o),
  }),
  reservationHistory: kind({
    run: (s, p, i: Paged & Parameters<ReportsService['reservationHistory']>[1]) => s.reservationHistory(p, i),
    file: (s, p, i) => s.reservationHistoryStream(p, allRows(s, i)),
    document: (r, o) => reservationHistoryDocument(r, o),
  }),
};

/** Runs the report's queries: its JSON answer. */
export function runReport(s: ReportsService, job: Pick<ReportJob, 'name' | 'principal' | 'input'>): Promise<unknown> {
  return REPORT_KINDS[job.name].run(s, job.principal, job.input as never, 'json');
}

/**
 * Runs a file's queries (every row up to the file's cap; a long page's rows are read as they are drawn, after the
 * totals that count them) and gives its document.
 */
export async function fileDocument(
  s: ReportsService,
  job: Pick<ReportJob, 'name' | 'principal' | 'input' | 'format'>,
  o: DocumentOptions,
): Promise<ReportDocument> {
  const k = REPORT_KINDS[job.name];
  const report = await (k.file
    ? k.file(s, job.principal, job.input as never)
    : k.run(s, job.principal, job.input as never, job.format));
  return k.document(report as never, o);
}

let fonts: BengaliFonts | null | undefined;
/** The Bengali fonts, read once per thread (null when missing: a Bengali PDF then fails before any byte). */
export function reportFonts(): BengaliFonts | null {
  return (fonts ??= bengaliFonts());
}

/** Where a file being made goes: its bytes, in pieces of about CHUNK_BYTES, and the rows drawn so far of all. */
export interface FileSink {
  chunk(bytes: Uint8Array<ArrayBuffer>): void;
  progress(done: number, total: number): void;
}

/** A worker posts its file in pieces of about this size: pdfkit writes many small ones, each a message otherwise. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Renders the file into `sink` as it is written (a worker posts the pieces to the server's thread, which sends them
 * on): the whole file is never held, and the rows drawn are told as they are drawn.
 */
export async function streamFile(doc: ReportDocument, format: 'pdf' | 'xlsx', sink: FileSink): Promise<void> {
  let parts: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    // A copy of its own (a small Buffer sits in Node's shared pool), so it can be transferred.
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
    parts = [];
    size = 0;
    sink.chunk(bytes);
  };
  const take = (chunk: Buffer) => {
    parts.push(chunk);
    size += chunk.length;
    if (size >= CHUNK_BYTES) flush();
  };
  const progress = (done: number) => sink.progress(done, doc.rows.count);
  // The rows to do are known once the queries have run: said before the first row is drawn.
  progress(0);
  if (format === 'pdf') {
    const { renderPdf } = await pdfRenderer();
    for await (const chunk of renderPdf(doc, reportFonts(), progress)) take(chunk as Buffer);
  } else {
    const out = new PassThrough();
    const collected = (async () => {
      for await (const chunk of out) take(chunk as Buffer);
    })();
    const { renderXlsx } = await xlsxRenderer();
    const rendered = renderXlsx(doc, out, progress).catch((error: unknown) => {
      out.destroy();
      throw error;
    });
    await Promise.all([rendered, collected]);
  }
  flush();
}
