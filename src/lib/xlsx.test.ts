import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, columnLetters } from './xlsx';

describe('buildXlsx', () => {
  it('writes a workbook Excel readers open, with typed cells, formats and Bengali text', async () => {
    const when = new Date(Date.UTC(2026, 10, 21, 14, 30));
    const bytes = buildXlsx(
      'Transactions <Nov>',
      [
        { header: 'Date', width: 22, format: 'dateTime' },
        { header: 'Amount', width: 14, format: 'money' },
        { header: 'বিবরণ', width: 30 },
      ],
      [
        [when, 1234.5, 'টিকিট বিক্রি & "quoted" <x>'],
        [null, -20, ''],
      ],
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Transactions <Nov>');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'Amount', 'বিবরণ']);
    expect(sheet.getCell('A2').value).toEqual(when);
    expect(sheet.getCell('A2').numFmt).toBe('mmm dd, yyyy hh:mm AM/PM');
    expect(sheet.getCell('B2').value).toBe(1234.5);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('C2').value).toBe('টিকিট বিক্রি & "quoted" <x>');
    expect(sheet.getCell('B3').value).toBe(-20);
    expect(sheet.getCell('A3').value).toBeNull();
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(3).width).toBe(30);
  });

  it('names columns past Z', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});
