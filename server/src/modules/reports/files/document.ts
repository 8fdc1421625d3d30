/**
 * A report as a printable document: already in the file's language, with
 * typed cells so each renderer formats them its own way (the PDF as text,
 * the XLSX as numbers with a number format).
 */
import type { ReportLang } from '@agent-portal/contract';
import type { RowStream } from '../row-stream';
import { formatCount, formatMoney } from './format';

/**
 * money: 2-decimal amount; int: a count; date/time: text already in the
 * file's language and the company's local time; code: a PNR, coach, seat or
 * phone number, printed as it is written (Latin digits in a Bengali file
 * too: it is typed and read out that way); text: words.
 */
export type ColumnKind = 'text' | 'code' | 'int' | 'money' | 'date' | 'time';
export type Cell = string | number | null;

export interface ReportColumn {
  label: string;
  kind: ColumnKind;
  /** Relative width: the PDF shares the page width by it, the XLSX scales it to characters. */
  weight: number;
}

export interface ReportDocument {
  lang: ReportLang;
  title: string;
  /** Label and value pairs on top: company, outlet, agent, user, period, generated at. */
  header: { label: string; value: string }[];
  /** Said under the header, e.g. that a file holds only the first rows of more. */
  notes: string[];
  columns: ReportColumn[];
  /** Taken once, by the renderer, as it draws them (a long file's are read from the database as they are drawn). */
  rows: RowStream<Cell[]>;
  /** One cell per column; the first holds the word "Total". */
  totals: Cell[];
  /** "Page x of y" in the file's language. */
  pageLabel: (page: number, pages: number) => string;
}

export const isNumeric = (kind: ColumnKind) => kind === 'int' || kind === 'money';

/** A cell as the PDF prints it: numbers in the file's language (see format.ts), text as it is. */
export function formatCell(value: Cell, kind: ColumnKind, lang: ReportLang): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number') return kind === 'money' ? formatMoney(value, lang) : formatCount(value, lang);
  return value;
}
