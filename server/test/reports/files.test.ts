/**
 * Report files (issue #6): each of the eight reports downloaded as PDF and
 * XLSX from a real database holding the known trade of known-trade.ts. The
 * files are read back the way a user's software would (exceljs, pdf.js) and
 * must carry the header, the known rows and the hand-computed totals.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../selling/fixtures';
import { REPORT_TITLES, type ReportName } from '../../src/modules/reports/files/labels';
import { readPdf } from './read-pdf';
import { D1, D2, REPORT_PERMISSIONS, SALE_PERMISSIONS, knownTrade, type KnownTrade } from './known-trade';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Money in paisa while computing, shown as the API's 2-decimal numbers. */
const m = (minor: number) => minor / 100;
/** A money figure as the PDF prints it (independent of the server's formatter). */
const money = (minor: number) =>
  (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** The same in a Bengali file: Bengali digits, grouped in lakhs as Bangladesh writes money. */
const bnMoney = (minor: number) =>
  (minor / 100).toLocaleString('bn-BD', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const bnDigits = (s: string) => s.replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)] ?? d);

/** A totals cell: a label, a count, or money in paisa (printed with 2 decimals). */
type Expected = string | number | { minor: number };
const M = (minor: number): Expected => ({ minor });
const asXlsx = (e: Expected) => (typeof e === 'object' ? m(e.minor) : e);
const asPdf = (e: Expected) =>
  typeof e === 'object' ? money(e.minor) : typeof e === 'number' ? e.toLocaleString('en-US') : e;

type Row = Record<string, unknown>;

async function readXlsx(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const lines: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    lines[n - 1] = (row.values as unknown[]).slice(1);
  });
  // The column headings are the first row with more than two cells; above them the title and header lines.
  const headingAt = lines.findIndex((l) => (l?.filter((v) => v !== undefined && v !== null).length ?? 0) > 2);
  const headings = (lines[headingAt] ?? []) as string[];
  const byHeading = (l: unknown[] = []): Row => Object.fromEntries(headings.map((h, i) => [h, l[i] ?? null]));
  const body = lines.slice(headingAt + 1);
  const totals = body[body.length - 1] ?? [];
  return {
    sheet,
    title: lines[0]?.[0],
    header: Object.fromEntries(lines.slice(1, headingAt).map((l) => [l?.[0], l?.[1]])),
    headings,
    rows: body.slice(0, -1).map(byHeading),
    totals: totals.filter((v) => v !== undefined && v !== null && v !== ''),
    totalsByHeading: byHeading(totals),
    headingRow: headingAt + 1,
  };
}

/**
 * pdf.js gives Bengali back in drawing order: a vowel sign written before its
 * consonant (ি, ে) comes out first, a reph moves, and ো splits into ে + া.
 * Dropping vowel signs and viramas (and spaces) from both sides compares the
 * letters that remain, in order, which is what proves the title is there.
 */
const bengaliSkeleton = (s: string) => s.normalize('NFD').replace(/[\u09BE-\u09CC\u09CD\u09D7\s]/g, '');

/**
 * What a Bengali file must not print outside codes: a Latin digit or a Latin AM/PM. A word with a Latin letter in it
 * is a code (a PNR inside a remark, "6VL3MYL6IC থেকে"), as the portal's scan (src/test/latin-digits.ts) takes it.
 */
const LATIN_NUMBER = {
  test: (text: string) =>
    text
      .split(/[\s,;:()[\]{}"'·|/–→]+/)
      .some((word) => /^[AaPp]\.?[Mm]\.?$/.test(word) || (/[0-9]/.test(word) && !/[A-Za-z]/.test(word))),
};
/**
 * The Bengali headings of the columns that hold codes, printed as written: PNRs, coach numbers, seat numbers, phone
 * numbers (see ColumnKind 'code'). "আসন" is also the seat count of the sales summaries: those cells are numbers, and a
 * number is never exempt. The history's remarks (মন্তব্য) are not exempt either: the server's own ("fine 132.00
 * (10%)") are printed from their code in the file's language ("জরিমানা ১৩২.০০ (১০%)").
 */
const CODE_HEADINGS = new Set(['PNR', 'রেফারেন্স PNR', 'কোচ', 'আসন', 'ফোন']);

/**
 * poppler's pdftotext: the text a PDF reader's copy and search give. .ci/run installs it (poppler-utils), so CI never
 * skips the tests that need it.
 */
const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).status === 0;
function pdftotext(file: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'report-pdf-'));
  try {
    const pdf = path.join(dir, 'report.pdf');
    writeFileSync(pdf, file);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('report files: PDF and XLSX downloads of the eight reports', () => {
  let k: KnownTrade;
  let t: KnownTrade['t'];

  beforeAll(async () => {
    k = await knownTrade();
    t = k.t;
  });
  afterAll(() => t.close());

  async function download(
    method: 'GET' | 'POST',
    path: string,
    query: string,
    body?: Record<string, unknown>,
    token = k.agent,
  ) {
    const res = await t.app.inject({
      method,
      url: `/api/reports/${path}${query ? `?${query}` : ''}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
    return {
      status: res.statusCode,
      type: String(res.headers['content-type'] ?? ''),
      disposition: String(res.headers['content-disposition'] ?? ''),
      file: res.rawPayload,
      json: () => res.json(),
    };
  }

  interface Case {
    name: string;
    method: 'GET' | 'POST';
    path: () => string;
    body?: () => Record<string, unknown>;
    from: string;
    to: string;
    outlet: () => string;
    /** Finds the known row in the XLSX and the cells it must hold there. */
    known: () => { find: (r: Row) => boolean; cells: Row; pdf: string[] };
    rows?: number;
    /** The totals row, left to right, empty cells left out. */
    totals: () => Expected[];
  }

  const sales = () => {
    const f = k.fare;
    const c = k.commissionOf;
    const d1Commission = c(f.s1 / 2) * 2 + c(f.migrated);
    const agentGross = f.s1 + f.s2 + f.s3 + f.s4 + f.s5;
    const agentCommission = d1Commission + c(f.s4) + c(f.s5);
    return { f, c, d1Commission, agentGross, agentCommission };
  };
  const summaryTotals = (tickets: number, seats: number, gross: number, commission: number): Expected[] => [
    'Total',
    tickets,
    seats,
    M(gross),
    M(0),
    M(gross),
    1,
    M(k.migrationCharge),
    1,
    M(k.refundS2),
    M(commission),
    M(gross + k.migrationCharge - k.refundS2),
  ];

  const cases: Case[] = [
    {
      name: 'userSalesSummary',
      method: 'GET',
      path: () => `userSalesSummary/${k.companyId}/${D1}/${D2}`,
      from: D1,
      to: D2,
      outlet: () => k.names.outlet,
      known: () => {
        const { f, d1Commission } = sales();
        return {
          find: (r) => r.Date === D1,
          cells: {
            Tickets: 3,
            Seats: 4,
            'Gross fare': m(f.s1 + f.s2 + f.s3),
            Refunds: m(k.refundS2),
            Commission: m(d1Commission),
            'Net collection': m(f.s1 + f.s2 + f.s3 + k.migrationCharge - k.refundS2),
          },
          pdf: [`${D1} 3 4 ${money(f.s1 + f.s2 + f.s3)}`],
        };
      },
      totals: () => summaryTotals(5, 6, sales().agentGross, sales().agentCommission),
    },
    {
      name: 'userSalesDetails',
      method: 'GET',
      path: () => `userSalesDetails/${k.companyId}/${D1}`,
      from: D1,
      to: D1,
      outlet: () => k.names.outlet,
      known: () => ({
        find: (r) => r.PNR === k.pnr.s2 && r.Action === 'Cancelled',
        cells: { Seats: 'B1', Fare: 0, Amount: -m(k.refundS2), User: 'agent' },
        pdf: [k.pnr.s1, k.pnr.migrated, `-${money(k.refundS2)}`],
      }),
      totals: () => {
        const f = k.fare;
        const charged = f.s1 + f.s2 + f.s3 + k.migrationCharge;
        return ['Total (5)', M(f.s1 + f.s2 + f.s3), M(0), M(charged - k.refundS2)];
      },
    },
    {
      name: 'outletSales',
      method: 'GET',
      path: () => `outletSales/${k.companyId}/${D1}/${D2}`,
      from: D1,
      to: D2,
      outlet: () => 'All outlets',
      known: () => ({
        find: (r) => r.User === 'clerk',
        cells: {
          Outlet: k.names.outlet,
          Tickets: 1,
          Seats: 1,
          'Gross fare': m(k.fare.g),
          Commission: m(k.commissionOf(k.fare.g)),
          'Net collection': m(k.fare.g),
        },
        pdf: [`clerk 1 1 ${money(k.fare.g)}`],
      }),
      totals: () => {
        const { f, c, agentGross, agentCommission } = sales();
        return summaryTotals(6, 7, agentGross + f.g, agentCommission + c(f.g));
      },
    },
    {
      name: 'outletSalesByDateRange',
      method: 'GET',
      path: () => `outletSalesByDateRange/${k.companyId}/${k.outletId}/${D1}/${D2}`,
      from: D1,
      to: D2,
      outlet: () => k.names.outlet,
      known: () => {
        const f = k.fare;
        return {
          find: (r) => r.Date === D2,
          cells: {
            Tickets: 3,
            Seats: 3,
            'Gross fare': m(f.s4 + f.s5 + f.g),
            Cancellations: 0,
            'Net collection': m(f.s4 + f.s5 + f.g),
          },
          pdf: [`${D2} 3 3 ${money(f.s4 + f.s5 + f.g)}`],
        };
      },
      totals: () => {
        const { f, c, agentGross, agentCommission } = sales();
        return summaryTotals(6, 7, agentGross + f.g, agentCommission + c(f.g));
      },
    },
    {
      name: 'outletSalesDetails',
      method: 'GET',
      path: () => `outletSalesDetails/${k.companyId}/${D1}/${D2}`,
      from: D1,
      to: D2,
      outlet: () => 'All outlets',
      known: () => ({
        find: (r) => r.PNR === k.pnr.g,
        cells: { Action: 'Sold', Status: 'Sold', Seats: 'G1', Fare: m(k.fare.g), Amount: m(k.fare.g), User: 'clerk' },
        pdf: [k.pnr.g, 'clerk'],
      }),
      rows: 8,
      totals: () => {
        const f = k.fare;
        const sold = f.s1 + f.s2 + f.s3 + f.s4 + f.s5 + f.g;
        return ['Total (8)', M(sold), M(0), M(sold + k.migrationCharge - k.refundS2)];
      },
    },
    {
      name: 'omittedTripsReservationDetails',
      method: 'GET',
      path: () => `omittedTripsReservationDetails/${k.companyId}/0/${D1}/2026-02-15`,
      from: D1,
      to: '2026-02-15',
      outlet: () => 'All outlets',
      known: () => ({
        find: (r) => r.PNR === k.pnr.s5,
        cells: {
          Status: 'Sold',
          Trip: 'Omitted',
          'Trip date': '2026-01-24',
          Seats: 'F1',
          Fare: m(k.fare.s5),
          Charged: m(k.fare.s5),
          Refunded: 0,
        },
        pdf: [k.pnr.s5, 'Omitted'],
      }),
      rows: 1,
      totals: () => ['Total (1)', 1, M(k.fare.s5), M(0), M(k.fare.s5), M(0), M(0)],
    },
    {
      name: 'reservationDetails',
      method: 'POST',
      path: () => 'reservationDetails',
      // One page of three: the file still holds all eight.
      body: () => ({ companyId: k.companyId, fromDate: D1, toDate: D2, page: 1, pageSize: 3 }),
      from: D1,
      to: D2,
      outlet: () => 'All outlets',
      known: () => ({
        find: (r) => r.PNR === k.pnr.s2,
        cells: {
          Status: 'Cancelled',
          Seats: 'B1',
          Fare: m(k.fare.s2),
          Charged: m(k.fare.s2 - k.refundS2),
          Refunded: m(k.refundS2),
          Fine: m(k.fare.s2 - k.refundS2),
        },
        pdf: [k.pnr.s2, k.pnr.g, k.pnr.booking],
      }),
      rows: 8,
      totals: () => {
        const f = k.fare;
        const fine = f.s2 - k.refundS2;
        const fares = f.s1 + f.s2 + f.s3 + f.migrated + f.booking + f.s4 + f.s5 + f.g;
        return [
          'Total (8)',
          9,
          M(fares),
          M(0),
          M(f.s1 + fine + f.migrated + f.s4 + f.s5 + f.g),
          M(k.refundS2),
          M(fine),
        ];
      },
    },
    {
      name: 'reservationHistory',
      method: 'POST',
      path: () => 'reservationHistory',
      body: () => ({ companyId: k.companyId, fromDate: D1, toDate: D2, page: 2, pageSize: 7 }),
      from: D1,
      to: D2,
      outlet: () => 'All outlets',
      known: () => ({
        find: (r) => r.PNR === k.pnr.s2 && r.Action === 'Cancelled',
        cells: { User: 'agent', Amount: m(k.refundS2), Charged: null, Refunded: m(k.refundS2) },
        pdf: [k.pnr.s1, 'Moved to another trip', k.pnr.g],
      }),
      rows: 10,
      totals: () => {
        const f = k.fare;
        return ['Total (10)', M(f.s1 + f.s2 + f.s3 + k.migrationCharge + f.s4 + f.s5 + f.g), M(k.refundS2)];
      },
    },
  ];

  for (const c of cases) {
    it(`${c.name}: XLSX with header, the known row and the hand-computed totals`, async () => {
      const res = await download(c.method, c.path(), 'format=xlsx', c.body?.());
      expect(res.status, res.file.toString()).toBe(200);
      expect(res.type).toBe(XLSX_TYPE);
      expect(res.disposition).toBe(`attachment; filename="${c.name}-${c.from}-${c.to}.xlsx"`);
      const x = await readXlsx(res.file);
      expect(x.header).toMatchObject({
        Company: k.names.company,
        Outlet: c.outlet(),
        Agent: k.names.agent,
        User: 'agent',
        Period: c.from === c.to ? c.from : `${c.from} – ${c.to}`,
        'Generated at': '2026-01-16 12:00 PM (Asia/Dhaka)',
      });
      const known = c.known();
      const row = x.rows.find(known.find);
      expect(row, JSON.stringify(x.rows)).toBeDefined();
      expect(row).toMatchObject(known.cells);
      if (c.rows !== undefined) expect(x.rows).toHaveLength(c.rows);
      expect(x.totals).toEqual(c.totals().map(asXlsx));
      // Money is a number with a 2-decimal format, and the headings stay in view.
      const moneyColumn = x.headings.findIndex((h) => ['Gross fare', 'Fare', 'Charged'].includes(h)) + 1;
      expect(x.sheet.getRow(x.headingRow + 1).getCell(moneyColumn).numFmt).toBe('#,##0.00');
      expect(x.sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: x.headingRow });
    });

    it(`${c.name}: PDF with header, the known row and the totals`, async () => {
      const res = await download(c.method, c.path(), 'format=pdf', c.body?.());
      expect(res.status, res.file.toString()).toBe(200);
      expect(res.type).toBe('application/pdf');
      expect(res.disposition).toBe(`attachment; filename="${c.name}-${c.from}-${c.to}.pdf"`);
      const pdf = await readPdf(res.file);
      expect(pdf.text).toContain(`Company: ${k.names.company}`);
      expect(pdf.text).toContain(`Period: ${c.from === c.to ? c.from : `${c.from} – ${c.to}`}`);
      expect(pdf.text).toContain('Generated at: 2026-01-16 12:00 PM (Asia/Dhaka)');
      for (const s of c.known().pdf) expect(pdf.text).toContain(s);
      // The totals row closes the table: it is the last thing on the last page.
      expect(pdf.pages[pdf.pages.length - 1]?.endsWith(c.totals().map(asPdf).join(' '))).toBe(true);
      expect(pdf.text).toContain('Page 1 of 1');
      // Latin data needs no embedded font.
      expect(pdf.raw).not.toContain('NotoSansBengali');
    });
  }

  for (const c of cases) {
    it(`${c.name}: the Bengali XLSX and PDF print no Latin digit or AM/PM outside codes`, async () => {
      const query = 'lang=bn';
      const xlsx = await download(c.method, c.path(), `format=xlsx&${query}`, c.body?.());
      expect(xlsx.status, xlsx.file.toString()).toBe(200);
      const x = await readXlsx(xlsx.file);
      const codeColumns = new Set(x.headings.flatMap((h, i) => (CODE_HEADINGS.has(h) ? [i + 1] : [])));
      const latin: string[] = [];
      const codes = new Set<string>();
      x.sheet.eachRow((row, n) => {
        row.eachCell((cell, col) => {
          if (typeof cell.value !== 'string' || !LATIN_NUMBER.test(cell.value)) return;
          if (n > x.headingRow && codeColumns.has(col)) codes.add(cell.value);
          else latin.push(`${cell.address}: ${cell.value}`);
        });
      });
      expect(latin, 'XLSX text cells with Latin digits or AM/PM').toEqual([]);
      // The money columns hold numbers, formatted by Excel.
      expect(x.totals.slice(1).every((v) => typeof v === 'number')).toBe(true);

      const res = await download(c.method, c.path(), `format=pdf&${query}`, c.body?.());
      expect(res.status, res.file.toString()).toBe(200);
      const pdf = await readPdf(res.file);
      const offending = pdf.items.filter((item) => LATIN_NUMBER.test(item) && !codes.has(item));
      expect(offending, 'PDF text with Latin digits or AM/PM outside the code columns').toEqual([]);
      expect(pdf.text).toContain(`পৃষ্ঠা ১ / ${bnDigits(String(pdf.pages.length))}`);
      // The codes are still there, as written.
      for (const code of codes) expect(pdf.items).toContain(code);
    });

    it.skipIf(!HAS_PDFTOTEXT)(`${c.name}: pdftotext reads the Bengali PDF's words as written`, async () => {
      const res = await download(c.method, c.path(), 'format=pdf&lang=bn', c.body?.());
      const text = pdftotext(res.file);
      expect(text).toContain(REPORT_TITLES[c.name as ReportName].bn);
      for (const label of ['কোম্পানি:', 'এজেন্ট:', 'সময়কাল:', 'তৈরির সময়:']) expect(text).toContain(label);
      expect(text).toContain(`${bnDigits('2026-01-16')} দুপুর ১২:০০`);
      // A vowel sign drawn before its consonant (ি, ে, ৈ) never starts a word in the text read back.
      expect(text).not.toMatch(/(^|[\s(–-])[\u09BF\u09C7\u09C8]/m);
    });
  }

  it('lang=bn: the PDF embeds Noto Sans Bengali, has the Bengali title, Bengali numbers and the Latin data', async () => {
    const res = await download('GET', `userSalesSummary/${k.companyId}/${D1}/${D2}`, 'format=pdf&lang=bn');
    expect(res.status).toBe(200);
    const pdf = await readPdf(res.file);
    expect(pdf.raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansBengali-Bold/);
    expect(pdf.raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansBengali\b/);
    expect(bengaliSkeleton(pdf.text)).toContain(bengaliSkeleton('বিক্রয় সারাংশ'));
    expect(bengaliSkeleton(pdf.text)).toContain(bengaliSkeleton('কোম্পানি:'));
    // Latin runs are drawn in Helvetica: Noto Sans Bengali alone would drop them.
    expect(pdf.text).toContain(k.names.company);
    expect(pdf.text).toContain(bnDigits(`${D1} – ${D2}`));
    const s = sales();
    expect(pdf.text).toContain(bnMoney(s.agentGross + k.migrationCharge - k.refundS2));
    // Noon in Dhaka, said the Bengali way.
    expect(pdf.text).toContain(`${bnDigits('2026-01-16')} দুপুর ১২:০০`);
    expect(pdf.text).toContain(`${bnDigits(D1)} ৩ ৪ ${bnMoney(s.f.s1 + s.f.s2 + s.f.s3)}`);
  });

  it('lang=bn: the XLSX has the Bengali title, header labels, headings and total label', async () => {
    const res = await download('GET', `userSalesSummary/${k.companyId}/${D1}/${D2}`, 'format=xlsx&lang=bn');
    const x = await readXlsx(res.file);
    expect(x.title).toBe('বিক্রয় সারাংশ');
    expect(x.header).toMatchObject({
      কোম্পানি: k.names.company,
      সময়কাল: bnDigits(`${D1} – ${D2}`),
      'তৈরির সময়': `${bnDigits('2026-01-16')} দুপুর ১২:০০ (Asia/Dhaka)`,
    });
    // A date is text in the file's digits; the figures stay numbers with Excel's number formats.
    expect(x.rows[0]).toMatchObject({ তারিখ: bnDigits(D1), টিকিট: 3, আসন: 4 });
    const gross = x.headings.indexOf('মোট ভাড়া') + 1;
    expect(x.sheet.getRow(x.headingRow + 1).getCell(gross).numFmt).toBe('#,##0.00');
    expect(x.headings).toContain('মোট ভাড়া');
    expect(x.totals[0]).toBe('মোট');
    expect(x.totals.slice(1)).toEqual(
      summaryTotals(5, 6, sales().agentGross, sales().agentCommission).slice(1).map(asXlsx),
    );
  });

  it('the three reports the portal downloads as files answer a PDF by default; the others JSON', async () => {
    for (const path of [
      `userSalesSummary/${k.companyId}/${D1}/${D2}`,
      `outletSales/${k.companyId}/${D1}/${D2}`,
      `outletSalesByDateRange/${k.companyId}/${k.outletId}/${D1}/${D2}`,
    ]) {
      const res = await download('GET', path, '');
      expect(res.type, path).toBe('application/pdf');
      expect(res.disposition).toMatch(/^attachment; filename=".+\.pdf"$/);
    }
    const json = await download('GET', `userSalesDetails/${k.companyId}/${D1}`, '');
    expect(json.type).toMatch(/^application\/json/);
    expect(json.json().totals.actions).toBe(5);
    const paged = await download('POST', 'reservationDetails', 'format=json', {
      companyId: k.companyId,
      fromDate: D1,
      toDate: D2,
      page: 1,
      pageSize: 3,
    });
    expect(paged.json().rows).toHaveLength(3);
  });

  it('errors answer the usual JSON before any file byte', async () => {
    const badDate = await download('GET', `userSalesSummary/${k.companyId}/2026-13-01/${D2}`, 'format=pdf');
    expect(badDate.status).toBe(400);
    expect(badDate.type).toMatch(/^application\/json/);
    expect(badDate.json().reason).toBe('VALIDATION_FAILED');
    const reversed = await download('POST', 'reservationDetails', 'format=xlsx', {
      companyId: k.companyId,
      fromDate: D2,
      toDate: D1,
    });
    expect(reversed.status).toBe(400);
    expect(reversed.json().reason).toBe('VALIDATION_FAILED');
    const badFormat = await download('GET', `userSalesDetails/${k.companyId}/${D1}`, 'format=csv');
    expect(badFormat.status).toBe(400);
    expect(badFormat.json().reason).toBe('VALIDATION_FAILED');
    const badLang = await download('GET', `userSalesDetails/${k.companyId}/${D1}`, 'format=pdf&lang=fr');
    expect(badLang.json().reason).toBe('VALIDATION_FAILED');
  });

  it('a user without the report’s permission gets PERMISSION_DENIED for its files too', async () => {
    const seller = await makeUser(t, 'files-no-reports', SALE_PERMISSIONS);
    const padmaOnly = await makeUser(t, 'files-padma-only', REPORT_PERMISSIONS, { companies: ['PADMA'] });
    for (const c of cases) {
      for (const format of ['pdf', 'xlsx']) {
        const denied = await download(c.method, c.path(), `format=${format}`, c.body?.(), seller);
        expect(denied.status, `${c.name} ${format}`).toBe(403);
        expect(denied.type).toMatch(/^application\/json/);
        expect(denied.json().reason).toBe('PERMISSION_DENIED');
      }
      const foreign = await download(c.method, c.path(), 'format=pdf', c.body?.(), padmaOnly);
      expect(foreign.json().reason, c.name).toBe('COMPANY_NOT_ALLOWED');
    }
  });

  it('OpenAPI documents format and lang on every report', async () => {
    const spec = (await t.call('GET', '/docs/json')).body as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string; schema: { default?: string; enum?: string[] } }[] }>
      >;
    };
    const formatOf = (path: string, method: string) =>
      spec.paths[path]?.[method]?.parameters?.find((p) => p.in === 'query' && p.name === 'format')?.schema;
    expect(formatOf('/api/reports/userSalesSummary/{companyId}/{fromDate}/{toDate}', 'get')).toMatchObject({
      enum: ['json', 'pdf', 'xlsx'],
      default: 'pdf',
    });
    expect(formatOf('/api/reports/userSalesDetails/{companyId}/{date}', 'get')).toMatchObject({ default: 'json' });
    expect(formatOf('/api/reports/reservationDetails', 'post')).toMatchObject({ default: 'json' });
    const lang = spec.paths['/api/reports/reservationHistory']?.post?.parameters?.find((p) => p.name === 'lang');
    expect(lang?.schema).toMatchObject({ enum: ['en', 'bn'], default: 'en' });
  });
});

describe('report files: long reports', () => {
  const row = (i: number) => ({
    pnr: `P${String(i).padStart(7, '0')}`,
    referencePnr: null,
    status: 1 as const,
    reservedAt: '2026-01-15T06:00:00.000Z',
    tripDate: '2026-01-20',
    coachCode: 'M-11',
    route: 'Dhaka - Chattogram',
    origin: 'Sayedabad',
    destination: 'Oxygen',
    // Bengali data in an English file must still be drawn (in the Bengali font).
    passengerName: i === 0 ? 'রহিম উদ্দিন' : 'Test Passenger',
    phone: '+8801711223344',
    seats: ['A1'],
    fare: 1320,
    discount: 0,
    charged: 1320,
    refunded: 0,
    fine: 0,
    outlet: 'Motijheel Counter',
    user: 'agent',
  });
  // 120 rows of a report that matched 60,000: what a capped file looks like.
  const rows = Array.from({ length: 120 }, (_, i) => row(i));
  const report = {
    header: {
      company: 'Meghna Express',
      outlet: null,
      agent: 'Shapla Travels',
      user: 'agent',
      period: { from: D1, to: D2 },
      generatedAt: '2026-01-16T06:00:00.000Z',
    },
    rows,
    totals: {
      reservations: 60_000,
      seats: 60_000,
      fare: 79_200_000,
      discount: 0,
      charged: 79_200_000,
      refunded: 0,
      fine: 0,
    },
    page: 1,
    pageSize: 50_000,
    total: 60_000,
  };

  it('repeats the column headings on every page, numbers the pages and says when rows were left out', async () => {
    const { reservationDetailsDocument } = await import('../../src/modules/reports/files/documents');
    const { renderPdf } = await import('../../src/modules/reports/files/pdf');
    const { bengaliFonts } = await import('../../src/modules/reports/files/fonts');
    const stream = renderPdf(
      reservationDetailsDocument(report, { lang: 'en', timeZone: 'Asia/Dhaka' }),
      bengaliFonts(),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const pdf = await readPdf(Buffer.concat(chunks));
    expect(pdf.pages.length).toBeGreaterThan(2);
    pdf.pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pdf.pages.length}`);
      expect(text).toContain('PNR Ref. PNR Status');
    });
    expect(pdf.pages[0]).toContain('This file holds the first 120 of 60,000 rows');
    expect(pdf.text).toContain('P0000119');
    expect(
      pdf.pages[pdf.pages.length - 1]?.endsWith('Total (60,000) 60,000 79,200,000.00 0.00 79,200,000.00 0.00 0.00'),
    ).toBe(true);
    expect(pdf.raw).toContain('NotoSansBengali');
    expect(bengaliSkeleton(pdf.text)).toContain(bengaliSkeleton('রহিম উদ্দিন'));
  });
});
