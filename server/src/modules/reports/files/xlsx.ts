/**
 * A report document as an XLSX workbook, written row by row to a stream
 * (exceljs' streaming writer keeps only the current row in memory).
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { isNumeric, type ColumnKind, type ReportDocument } from './document';

const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = { money: '#,##0.00', int: '#,##0' };

/** Excel refuses sheet names over 31 characters or with any of []:*?/\ in them. */
function sheetName(title: string): string {
  return [...title.replace(/[[\]:*?/\\]/g, ' ')].slice(0, 31).join('').trim() || 'Report';
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

  for (const [i, r] of doc.rows.entries()) {
    const row = sheet.addRow(r);
    row.eachCell((cell, column) => {
      cell.style = columnStyles[column - 1] ?? {};
    });
    row.commit();
    // Other requests get a turn every thousand rows of a long file.
    if (i % 1000 === 999) {
      progress?.(i + 1);
      await new Promise<void>((resolve) => setImmediate(resolve));
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
  progress?.(doc.rows.length);
}
