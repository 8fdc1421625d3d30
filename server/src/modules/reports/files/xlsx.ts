/**
 * A report document as an XLSX workbook, written row by row to a stream
 * (exceljs' streaming writer keeps only the current row in memory).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { isNumeric, type ColumnKind, type ReportDocument } from './document';

const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = { money: '#,##0.00', int: '#,##0' };

/** Excel refuses sheet names over 31 characters or with any of []:*?/\ in them. */
function sheetName(title: string): string {
  return [...title.replace(/[[\]:*?/\\]/g, ' ')].slice(0, 31).join('').trim() || 'Report';
}

/** Sheet bytes written and not yet taken by the zip's compression past which the rows wait for it. */
const ZIP_BACKLOG_BYTES = 512 * 1024;

/** The bytes a stream holds, whichever streams library made it (archiver's readable-stream 2 has no writableLength). */
type Held = { _writableState?: { length?: number }; _readableState?: { length?: number } };

/**
 * Waits while the zip is behind the rows. exceljs writes a sheet's XML to a stream that archiver's zip takes through a
 * PassThrough of its own, written to without heed of its backpressure: the compression (zlib, on the thread pool) got
 * only the turns the rows left it, so the whole sheet waited in that PassThrough, some 100 MB for 50,000 rows, and
 * left as one burst at the end. This reads exceljs 4.4's internals (WorksheetWriter.stream, its StreamBuf's pipes);
 * where they are not found the rows go on without waiting, and the file-streaming test fails.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  const intake = (sheet as unknown as { stream?: { pipes?: (NodeJS.EventEmitter & Held)[] } }).stream?.pipes?.[0];
  const held = (intake?._writableState?.length ?? 0) + (intake?._readableState?.length ?? 0);
  if (!intake || held <= ZIP_BACKLOG_BYTES) return;
  // Past its limit the PassThrough has asked for a drain, which it says once it has passed everything on.
  const stop = new AbortController();
  try {
    await Promise.race([once(intake, 'drain', { signal: stop.signal }), once(out, 'close', { signal: stop.signal })]);
  } finally {
    stop.abort();
  }
  if (out.destroyed) throw new Error('the file’s reader has gone');
}

export async function renderXlsx(
  doc: ReportDocument,
  out: Writable,
  /** Told the rows written so far every thousand rows and at the end. */
  progress?: (rowsDone: number) => void,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Agent Portal';
  // Title, header lines, notes and a blank row sit above the column headings, which stay in view when scrolling.
  const headingRow = 1 + doc.header.length + doc.notes.length + 2;
  const sheet = workbook.addWorksheet(sheetName(doc.title), {
    views: [{ state: 'frozen', ySplit: headingRow, xSplit: 0 }],
    pageSetup: {
      orientation: doc.columns.length > 7 ? 'landscape' : 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      paperSize: 9,
    },
  });
  // Widths from the column weights (the PDF's shares) and the heading's length; the first column also holds header
  // labels.
  sheet.columns = doc.columns.map((c, i) => ({
    width: Math.max(Math.round(c.weight * 11), c.label.length + 3, i === 0 ? 16 : 8),
    style: NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {},
  }));
  // One style object per column for every data row's cells. exceljs gives each cell a copy of its column's style,
  // and a style object it has not seen it identifies by writing its XML: a fifth of a long file's CPU. The same
  // object it knows at once (its WeakMap), with the same style id as the copy would get.
  const columnStyles: Partial<ExcelJS.Style>[] = doc.columns.map((c) =>
    NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {},
  );

  const title = sheet.addRow([doc.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  for (const h of doc.header) {
    const row = sheet.addRow([h.label, h.value]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  for (const note of doc.notes) {
    const row = sheet.addRow([note]);
    row.font = { bold: true, color: { argb: 'FFB91C1C' } };
    row.commit();
  }
  sheet.addRow([]).commit();

  const headings = sheet.addRow(doc.columns.map((c) => c.label));
  doc.columns.forEach((c, i) => {
    const cell = headings.getCell(i + 1);
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } };
    cell.alignment = { horizontal: isNumeric(c.kind) ? 'right' : 'left', vertical: 'middle', wrapText: true };
    cell.border = { bottom: { style: 'thin' } };
  });
  headings.commit();

  let done = 0;
  for await (const chunk of doc.rows.chunks) {
    for (const r of chunk) {
      const row = sheet.addRow(r);
      row.eachCell((cell, column) => {
        cell.style = columnStyles[column - 1] ?? {};
      });
      row.commit();
      done += 1;
      // Other requests get a turn every thousand rows of a long file, and the zip catches up with the rows.
      if (done % 1000 === 0) {
        progress?.(done);
        await new Promise<void>((resolve) => setImmediate(resolve));
        await zipCaughtUp(sheet, out);
      }
    }
  }

  const totals = sheet.addRow(doc.totals);
  totals.font = { bold: true };
  doc.columns.forEach((_, i) => {
    totals.getCell(i + 1).border = { top: { style: 'thin' } };
  });
  totals.commit();

  sheet.commit();
  await workbook.commit();
  progress?.(done);
}
