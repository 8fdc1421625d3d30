/** Answers a report as the format its query asks for: the JSON as is, or a PDF or XLSX download. */
import { PassThrough, type Readable } from 'node:stream';
import type { ReportFormat, ReportLang } from '@agent-portal/contract';
import type { FastifyReply } from 'fastify';
import type { ReportDocument } from './document';
import type { ReportName } from './labels';
import { pdfRenderer, xlsxRenderer } from './renderers';
import { reportFonts } from '../jobs';

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

/**
 * Sends a file rendered on this thread (no report workers) as it is drawn, and resolves once it is sent. The
 * report's queries but its rows have run before this, so a failure there answers an API error; a long page's rows are
 * read as they are drawn, and a failure reading them can only cut the download.
 */
export async function sendRendered(
  reply: FastifyReply,
  req: FileRequest,
  doc: ReportDocument,
  progress?: (done: number, total: number) => void,
): Promise<never> {
  if (req.format === 'json') throw new Error('sendRendered: a JSON report is no file');
  const format = req.format;
  const rowsDone = progress && ((done: number) => progress(done, doc.rows.count));
  // The PDF is laid out before any header is set, so a missing font still answers a plain JSON error.
  const pdf = format === 'pdf' ? (await pdfRenderer()).renderPdf(doc, reportFonts(), rowsDone) : null;
  const xlsx = format === 'xlsx' ? await xlsxRenderer() : null;
  fileHeaders(reply, req, format);
  if (pdf) {
    reply.send(pdf);
  } else if (xlsx) {
    const out = new PassThrough();
    reply.send(out);
    // Rows are zipped into the answer as they are written; a failure half-way can only cut the download.
    xlsx
      .renderXlsx(doc, out, rowsDone)
      .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  }
  // A Fastify reply is a thenable that settles when the answer has been
  // sent; awaiting it tells Fastify this handler answered by itself, so the
  // JSON response schema never sees the stream.
  await reply;
  return undefined as never;
}

function fileHeaders(reply: FastifyReply, req: FileRequest, format: 'pdf' | 'xlsx'): void {
  reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${req.name}-${req.period.from}-${req.period.to}.${format}"`)
    .header('cache-control', 'no-store');
}

/** Sends a file a report worker writes as it renders it (with the same headers as one rendered here). */
export async function sendFile(reply: FastifyReply, req: FileRequest, file: Readable): Promise<never> {
  if (req.format === 'json') throw new Error('sendFile: a JSON report is no file');
  fileHeaders(reply, req, req.format);
  reply.send(file);
  await reply;
  return undefined as never;
}

/**
 * Sends a JSON answer a report worker already encoded and wrote out (the route's serializer leaves a string as it is).
 */
export async function sendJson(reply: FastifyReply, json: string): Promise<never> {
  reply.type('application/json; charset=utf-8').send(json);
  await reply;
  return undefined as never;
}
