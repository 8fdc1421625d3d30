import ExcelJS from 'exceljs';
import type { Transaction } from '@agent-portal/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format/money';
import type { CellText } from './columns';
import { transactionsCsv, transactionsXlsx } from './export';
import { defaultFilter, defaultRange } from './filters';
import { transactionsHtml } from './print-html';

const HEADERS: Record<keyof Transaction, string> = {
  dateTime: 'Date time',
  type: 'Type',
  reason: 'Reason',
  outlet: 'Outlet',
  agentUser: 'Agent user',
  employee: 'Employee',
  transactionId: 'Transaction ID',
  amount: 'Amount',
  credit: 'Credit',
  debit: 'Debit',
  balance: 'Balance',
  referenceNo: 'Reference no',
  description: 'Description',
  remarks: 'Remarks',
  confirmationTime: 'Confirmation time',
  confirmed: 'Confirmed',
};

const text: CellText = {
  header: (key) => HEADERS[key],
  dateTime: (iso) => `at ${iso}`,
  money: (amount) => formatMoney(amount, '৳', 'en'),
  type: (type) => (type === 'CREDIT' ? 'Credit' : 'Debit'),
  reason: (reason) => ({ DEPOSIT: 'Deposit', TICKET_SALE: 'Ticket sale' })[reason] ?? reason,
  yesNo: (value) => (value ? 'Yes' : 'No'),
};

const rows: Transaction[] = [
  {
    dateTime: '2026-11-02T04:00:00.000Z',
    type: 'CREDIT',
    reason: 'DEPOSIT',
    outlet: 'Motijheel Counter',
    agentUser: 'agent',
    employee: 'Salma',
    transactionId: 'TX0000000007',
    amount: 1234.5,
    credit: 1234.5,
    debit: 0,
    balance: 51234.5,
    referenceNo: 'SLIP-7',
    description: 'Cash, "by hand", at the bank',
    remarks: null,
    confirmationTime: '2026-11-02T05:00:00.000Z',
    confirmed: true,
  },
  {
    dateTime: '2026-11-03T04:00:00.000Z',
    type: 'DEBIT',
    reason: 'TICKET_SALE',
    outlet: 'Motijheel Counter',
    agentUser: 'agent',
    employee: null,
    transactionId: 'TX0000000008',
    amount: 2300,
    credit: 0,
    debit: 2300,
    balance: 48934.5,
    referenceNo: 'K7Q2M9X4PA',
    description: 'যাত্রী টিকিট',
    remarks: null,
    confirmationTime: '2026-11-03T04:00:00.000Z',
    confirmed: true,
  },
];

describe('the transaction filter defaults', () => {
  it('run from the first day of the current month to now', () => {
    const now = dayjs('2026-11-22T15:40:00');
    const { start, end } = defaultRange(now);
    expect(start.format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 00:00');
    expect(end.isSame(now)).toBe(true);
    expect(defaultFilter(now)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-22' });
  });

  it('on the first of a month start and end on the same day', () => {
    expect(defaultFilter(dayjs('2027-01-01T00:05:00'))).toEqual({ startDate: '2027-01-01', endDate: '2027-01-01' });
  });
});

describe('the transactions CSV', () => {
  it('has the localised headers, the cells as the grid shows them, and quotes what needs it', () => {
    const csv = transactionsCsv(rows, text);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(Object.values(HEADERS).join(','));
    expect(lines[1]).toBe(
      'at 2026-11-02T04:00:00.000Z,Credit,Deposit,Motijheel Counter,agent,Salma,TX0000000007,"৳ 1,234.50","৳ 1,234.50",৳ 0.00,"৳ 51,234.50",SLIP-7,"Cash, ""by hand"", at the bank",,at 2026-11-02T05:00:00.000Z,Yes',
    );
    expect(lines[2]).toContain('যাত্রী টিকিট');
  });
});

describe('the transactions XLSX', () => {
  it('keeps money as numbers with 2 decimals, dates as dates and the localised headers', async () => {
    const bytes = await transactionsXlsx(rows, text, 'Transactions');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.getWorksheet('Transactions')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual([undefined, ...Object.values(HEADERS)]);
    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe('Credit');
    expect(first.getCell(3).value).toBe('Deposit');
    expect(first.getCell(7).value).toBe('TX0000000007');
    expect(first.getCell(8).value).toBe(1234.5);
    expect(first.getCell(8).numFmt).toBe('#,##0.00');
    expect(first.getCell(11).value).toBe(51234.5);
    // 04:00 UTC is 10:00 in Dhaka: the cell reads the company's wall time, as the grid does, whatever the PC's zone.
    expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2026, 10, 2, 10, 0)));
    expect(first.getCell(14).text).toBe('');
    expect(first.getCell(16).value).toBe('Yes');
    expect(sheet.getRow(3).getCell(10).value).toBe(2300);
    expect(sheet.getRow(3).getCell(13).value).toBe('যাত্রী টিকিট');
  });
});

describe('the transactions printout', () => {
  it('is one escaped A4 table with the totals', () => {
    const html = transactionsHtml([{ ...rows[0]!, description: '<b>x</b>' }], text, {
      title: 'Transactions',
      company: 'Padma',
      period: 'Nov 01, 26 to Nov 22, 26',
      printedAt: 'Printed now',
      language: 'en',
      totals: [{ label: 'Total credit', value: '৳ 1,234.50' }],
    });
    expect(html).toContain('size: A4 landscape');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('Total credit');
    expect(html.match(/<th /g)).toHaveLength(16);
  });

  it('prints on a roll as one block of "column: value" lines per row, each cell naming its column', () => {
    const html = transactionsHtml(rows, text, {
      title: 'Transactions',
      company: 'Padma',
      period: 'Nov 01, 26 to Nov 22, 26',
      printedAt: 'Printed now',
      language: 'en',
      paper: '58mm',
      totals: [{ label: 'Total credit', value: '৳ 1,234.50' }],
    });
    expect(html).toContain('size: 58mm auto');
    expect(html).toContain('width: 48mm');
    expect(html).not.toContain('A4 landscape');
    expect(html).toContain('content: attr(data-label)');
    expect(html).toContain(`<td class="text" data-label="Transaction ID">${rows[0]!.transactionId}</td>`);
  });
});
