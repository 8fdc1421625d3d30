/**
 * Transactions as files: CSV (text as the grid shows it, UTF-8 with a BOM
 * so Excel reads Bengali) and XLSX (money as numbers with 2 decimals, dates
 * as real dates). The XLSX writer loads only when an XLSX is asked for.
 */
import type { Transaction } from '@agent-portal/contract';
import { wallClockAsUtc } from '../../../lib/format';
import { cellText, TRANSACTION_COLUMNS, type CellText } from './columns';

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function transactionsCsv(rows: readonly Transaction[], text: CellText): string {
  const lines = [TRANSACTION_COLUMNS.map((c) => csvCell(text.header(c.key))).join(',')];
  for (const row of rows) lines.push(TRANSACTION_COLUMNS.map((c) => csvCell(cellText(row, c, text))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The workbook's bytes; cells keep their types (numbers, dates, booleans as text). */
export async function transactionsXlsx(
  rows: readonly Transaction[],
  text: CellText,
  sheetName: string,
): Promise<ArrayBuffer> {
  const { buildXlsx } = await import('../../../lib/xlsx');
  const columns = TRANSACTION_COLUMNS.map((c) => ({
    header: text.header(c.key),
    width: c.kind === 'dateTime' ? 22 : c.kind === 'money' ? 14 : c.key === 'description' ? 40 : 16,
    format: c.kind === 'money' ? ('money' as const) : c.kind === 'dateTime' ? ('dateTime' as const) : undefined,
  }));
  const cells = rows.map((row) =>
    TRANSACTION_COLUMNS.map((c) => {
      const value = row[c.key];
      if (c.kind === 'money') return Math.round(Number(value) * 100) / 100;
      // Excel dates have no time zone: the cell holds the company's wall time, as the grid shows it.
      if (c.kind === 'dateTime') return value ? wallClockAsUtc(String(value)) : null;
      return value === null ? '' : cellText(row, c, text);
    }),
  );
  const bytes = buildXlsx(sheetName, columns, cells);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Hands a file to the browser's downloads. */
export function download(data: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
