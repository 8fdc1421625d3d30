import type { Transaction } from '@agent-portal/contract';

export type ColumnKind = 'dateTime' | 'money' | 'text' | 'type' | 'reason' | 'confirmed';

/**
 * The grid's, the export's and the printout's columns, in one fixed order: date time, type, reason, outlet, agent user,
 * employee, ...
 */
export const TRANSACTION_COLUMNS: ReadonlyArray<{ key: keyof Transaction; kind: ColumnKind }> = [
  { key: 'dateTime', kind: 'dateTime' },
  { key: 'type', kind: 'type' },
  { key: 'reason', kind: 'reason' },
  { key: 'outlet', kind: 'text' },
  { key: 'agentUser', kind: 'text' },
  { key: 'employee', kind: 'text' },
  { key: 'transactionId', kind: 'text' },
  { key: 'amount', kind: 'money' },
  { key: 'credit', kind: 'money' },
  { key: 'debit', kind: 'money' },
  { key: 'balance', kind: 'money' },
  { key: 'referenceNo', kind: 'text' },
  { key: 'description', kind: 'text' },
  { key: 'remarks', kind: 'text' },
  { key: 'confirmationTime', kind: 'dateTime' },
  { key: 'confirmed', kind: 'confirmed' },
];

/** How a cell reads to a person (the grid, CSV and the printout); money keeps its own formatter. */
export interface CellText {
  header: (key: keyof Transaction) => string;
  dateTime: (iso: string) => string;
  money: (amount: number) => string;
  type: (type: Transaction['type']) => string;
  reason: (reason: string) => string;
  yesNo: (value: boolean) => string;
}

export function cellText(row: Transaction, column: (typeof TRANSACTION_COLUMNS)[number], text: CellText): string {
  const value = row[column.key];
  if (value === null || value === undefined) return '';
  switch (column.kind) {
    case 'dateTime':
      return text.dateTime(String(value));
    case 'money':
      return text.money(Number(value));
    case 'type':
      return text.type(value as Transaction['type']);
    case 'reason':
      return text.reason(String(value));
    case 'confirmed':
      return text.yesNo(value === true);
    default:
      return String(value);
  }
}
