/** Answers a report as the format its query asks for: the JSON as is, or a PDF or XLSX download. */
import { PassThrough } from 'node:stream';
import type { ReportFormat, ReportLang } from '@agent-portal/contract';
import type { FastifyReply } from 'fastify';
import type { ReportDocument } from './document';
import type { DocumentOptions } from './documents';
import { bengaliFonts, type BengaliFonts } from './fonts';
import type { ReportName } from './labels';
import { renderPdf } from './pdf';
import { renderXlsx } from './xlsx';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export interface FileRequest {
  name: ReportName;
  format: ReportFormat;
  lang: ReportLang;
  period: { from: string; to: string };
  timeZone: string;
}

let fonts: BengaliFonts | null | undefined;

/**
 * The report itself for format=json; otherwise sends the file and resolves
 * once it is sent. Everything that can fail with an API error (input,
 * permission, company, the query) has run before this, so a failure never
 * comes after the first file byte.
 */
export async function answer<T>(reply: FastifyReply, req: FileRequest, report: T, toDocument: (o: DocumentOptions) => ReportDocument): Promise<T> {
  if (req.format === 'json') return report;
  const doc = toDocument({ lang: req.lang, timeZone: req.timeZone });
  const format = req.format;
  // The PDF is laid out before any header is set, so a missing font still answers a plain JSON error.
  const pdf = format === 'pdf' ? renderPdf(doc, (fonts ??= bengaliFonts())) : null;
  reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${req.name}-${req.period.from}-${req.period.to}.${format}"`)
    .header('cache-control', 'no-store');
  if (pdf) {
    reply.send(pdf);
  } else {
    const out = new PassThrough();
    reply.send(out);
    // Rows are zipped into the answer as they are written; a failure half-way can only cut the download.
    renderXlsx(doc, out).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  }
  // A Fastify reply is a thenable that settles when the answer has been
  // sent; awaiting it tells Fastify this handler answered by itself, so the
  // JSON response schema never sees the stream.
  await reply;
  return undefined as never;
}
