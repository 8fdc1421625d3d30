/**
 * A report as a printable document: already in the file's language, with
 * typed cells so each renderer formats them its own way (the PDF as text,
 * the XLSX as numbers with a number format).
 */
import type { ReportLang } from '@agent-portal/contract';

/** money: 2-decimal amount; int: a count; date/time: text already in the company's local time. */
export type ColumnKind = 'text' | 'int' | 'money' | 'date' | 'time';
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
  rows: Cell[][];
  /** One cell per column; the first holds the word "Total". */
  totals: Cell[];
  /** "Page x of y" in the file's language. */
  pageLabel: (page: number, pages: number) => string;
}

export const isNumeric = (kind: ColumnKind) => kind === 'int' || kind === 'money';

// Made once: toLocaleString builds a formatter per call, the slowest part of a 50,000-row PDF.
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1234.5 -> "1,234.50": Latin digits in both languages, as the portal shows money. */
export function formatMoney(n: number): string {
  return MONEY.format(n);
}

export function formatCount(n: number): string {
  return COUNT.format(n);
}

export function formatCell(value: Cell, kind: ColumnKind): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number') return kind === 'money' ? formatMoney(value) : formatCount(value);
  return value;
}
