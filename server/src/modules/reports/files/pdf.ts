/**
 * A report document as a PDF: header block, a table whose heading repeats on
 * every page, the totals row at the end and "Page x of y" in each footer.
 */
import PDFDocument from 'pdfkit';
import { formatCell, isNumeric, type Cell, type ReportColumn, type ReportDocument } from './document';
import { HAS_BENGALI, scriptRuns, type BengaliFonts, type Run } from './fonts';
import { speedUpStandardFont } from './standard-font';

const MARGIN = 28;
const PAD = 3;
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#9ca3af';

interface Style {
  size: number;
  bold?: boolean;
  color?: string;
}

/**
 * Bengali letters and signs (not the digits, U+09E6-U+09EF, which are drawn
 * one glyph each, in order). A run with any of them is shaped: fontkit puts a
 * pre-base vowel sign (ি, ে, ৈ) before its consonant, moves a reph, splits ো
 * and ৌ and joins conjuncts, and pdfkit writes the glyphs in that drawing
 * order with a ToUnicode entry per glyph. A reader that copies or searches the
 * text (pdftotext, a viewer's find) then gets "িবক্রয়" for "বিক্রয়". Such a run is
 * wrapped in a marked-content span whose /ActualText is the run as written
 * (PDF 32000-1 14.9.4), which pdftotext and viewers use instead of the glyphs.
 */
const SHAPED = /[\u0980-\u09E5\u09F0-\u09FF]/;

/** A PDF string in UTF-16BE with its byte-order mark, as hex: <FEFF...>. */
function utf16Hex(text: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `${hex}>`;
}

/** Draws text on one line, Bengali in script runs (see fonts.ts), shrinking then cutting it to fit a width. */
class Writer {
  /** The text of the run being drawn when it needs an /ActualText span (see SHAPED). */
  private actualText: string | null = null;

  constructor(
    readonly pdf: PDFKit.PDFDocument,
    /** The Bengali fonts are registered: Bengali letters can be drawn. */
    private readonly bengali: boolean,
  ) {
    // The span goes around the text object (BT ... ET) and inside pdfkit's q ... Q, not around the whole text() call
    // as pdfkit's markContent('Span', { actual }) puts it: poppler places an ActualText where the graphics state is at
    // its EMC, and after pdfkit's Q that state has lost the text's flipped transform, so every span would land
    // mirrored, off its line. pdfkit writes BT and ET as content of their own: they are where the span opens and
    // closes.
    //
    // The content is also gathered here and handed to pdfkit a row at a time (flush): pdfkit makes a byte array of
    // every operator it is given, some 40 per row, and those small arrays were a tenth of a long file's CPU. The
    // lines joined by newlines are the same bytes as the lines one by one (pdfkit ends each with a newline).
    const add = pdf.addContent.bind(pdf);
    pdf.addContent = (data: string) => {
      if (this.actualText !== null && data === 'BT')
        this.pending.push(`/Span <</ActualText ${utf16Hex(this.actualText)}>> BDC`);
      this.pending.push(data);
      if (this.actualText !== null && data === 'ET') this.pending.push('EMC');
      return pdf;
    };
    this.flushTo = add;
    // Helvetica is measured and encoded from tables (standard-font.ts, use): the same numbers, a fraction of the CPU.
  }

  private readonly pending: string[] = [];
  private readonly flushTo: (data: string) => unknown;

  /** Hands the gathered content to the page: before a new page is added, and at the end. */
  flush(): void {
    if (this.pending.length === 0) return;
    this.flushTo(this.pending.join('\n'));
    this.pending.length = 0;
  }

  private font(run: Run, bold: boolean): string {
    if (run.bengali) return bold ? 'NotoSansBengali-Bold' : 'NotoSansBengali';
    return bold ? 'Helvetica-Bold' : 'Helvetica';
  }

  /** Selects the run's font; a standard font is sped up the first time (not before: fonts are numbered as used). */
  private use(run: Run, bold: boolean, size: number): PDFKit.PDFDocument {
    const pdf = this.pdf.font(this.font(run, bold)).fontSize(size);
    if (!run.bengali) speedUpStandardFont((pdf as unknown as { _font: unknown })._font);
    return pdf;
  }

  private runs(text: string): Run[] {
    // English files have Bengali only in data (a passenger's name); the Bengali font is embedded only if one is drawn.
    return this.bengali && HAS_BENGALI.test(text) ? scriptRuns(text) : [{ text, bengali: false }];
  }

  private widthOf(runs: Run[], style: Style): number {
    let w = 0;
    for (const run of runs) w += this.use(run, !!style.bold, style.size).widthOfString(run.text);
    return w;
  }

  width(text: string, style: Style): number {
    return this.widthOf(this.runs(text), style);
  }

  /** Draws at baseline y; returns the width drawn. */
  line(
    text: string,
    x: number,
    y: number,
    style: Style,
    box?: { width: number; align: 'left' | 'right' | 'center' },
  ): number {
    if (!text) return 0;
    let runs = this.runs(text);
    let size = style.size;
    let width = this.widthOf(runs, style);
    if (box && width > box.width) {
      // A long name is better a little smaller than cut; below 80 % it is cut instead.
      while (this.widthOf(runs, { ...style, size }) > box.width && size > style.size * 0.8) size -= 0.25;
      runs = this.fit(runs, { ...style, size }, box.width);
      width = this.widthOf(runs, { ...style, size });
    }
    let cx =
      !box || box.align === 'left' ? x : box.align === 'right' ? x + box.width - width : x + (box.width - width) / 2;
    this.pdf.fillColor(style.color ?? INK);
    for (const run of runs) {
      this.use(run, !!style.bold, size);
      this.actualText = run.bengali && SHAPED.test(run.text) ? run.text : null;
      this.pdf.text(run.text, cx, y, { lineBreak: false, baseline: 'alphabetic' });
      this.actualText = null;
      cx += this.pdf.widthOfString(run.text);
    }
    return width;
  }

  /** Cuts runs from the end, with an ellipsis, until they fit. */
  private fit(runs: Run[], style: Style, width: number): Run[] {
    if (this.widthOf(runs, style) <= width) return runs;
    const chars = runs.flatMap((r) => [...r.text].map((ch) => ({ ch, bengali: r.bengali })));
    while (chars.length > 0) {
      chars.pop();
      const cut = [...joinRuns(chars), { text: '…', bengali: false }];
      if (this.widthOf(cut, style) <= width) return cut;
    }
    return [];
  }
}

function joinRuns(chars: { ch: string; bengali: boolean }[]): Run[] {
  const runs: Run[] = [];
  for (const { ch, bengali } of chars) {
    const last = runs[runs.length - 1];
    if (last && last.bengali === bengali) last.text += ch;
    else runs.push({ text: ch, bengali });
  }
  return runs;
}

/**
 * Column x positions and widths: each column as wide as its widest heading
 * line or cell (of the first rows: a 50,000-row file is not measured whole),
 * the room left shared by the columns' weights; when the natural widths do
 * not fit, every column gives up the same share and cells shrink or cut.
 */
function layout(
  columns: ReportColumn[],
  natural: number[],
  left: number,
  width: number,
): { x: number; width: number }[] {
  const sum = natural.reduce((s, n) => s + n, 0);
  const weights = columns.reduce((s, c) => s + c.weight, 0);
  const widths =
    sum <= width
      ? natural.map((n, i) => n + ((width - sum) * (columns[i]?.weight ?? 0)) / weights)
      : natural.map((n) => (n * width) / sum);
  let x = left;
  return widths.map((w) => {
    const cell = { x, width: w };
    x += w;
    return cell;
  });
}

/** Splits a heading into at most two lines at the space that balances them best. */
function headingLines(label: string, fits: (s: string) => boolean): string[] {
  if (fits(label) || !label.includes(' ')) return [label];
  const words = label.split(' ');
  let best: string[] = [label];
  let bestLonger = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const longer = Math.max(...lines.map((l) => l.length));
    if (longer < bestLonger) [best, bestLonger] = [lines, longer];
  }
  return best;
}

/** Rows whose cells the columns' widths are measured on: a 50,000-row file is not measured whole. */
const SAMPLE_ROWS = 500;

/** Lets other requests run between pages of a long file. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Lays the document out and returns the PDF as a stream that the pages are
 * written to one by one (a 50,000-row file is some 1,700 pages; the event
 * loop gets a turn between pages). Every row is one line high, so where the
 * pages break is known before drawing and each footer can say "of y" as its
 * page is written: no page has to wait in memory for the last one.
 */
export function renderPdf(
  doc: ReportDocument,
  fonts: BengaliFonts | null,
  /** Told the rows drawn so far at each new page and at the end. */
  progress?: (rowsDone: number) => void,
): PDFKit.PDFDocument {
  const wide = doc.columns.length > 7;
  const pdf = new PDFDocument({
    size: 'A4',
    layout: wide ? 'landscape' : 'portrait',
    margin: MARGIN,
    info: { Title: doc.title, Author: doc.header[0]?.value ?? '', Creator: 'Agent Portal' },
  });
  if (doc.lang === 'bn' && !fonts) throw new Error('a Bengali report needs the Bengali fonts');
  if (fonts) {
    pdf.registerFont('NotoSansBengali', fonts.regular);
    pdf.registerFont('NotoSansBengali-Bold', fonts.bold);
  }
  const w = new Writer(pdf, fonts !== null);
  const left = MARGIN;
  const contentWidth = pdf.page.width - 2 * MARGIN;
  const bottom = pdf.page.height - MARGIN - 14;
  const size = doc.columns.length <= 8 ? 9 : doc.columns.length <= 13 ? 8 : 7;
  const rowHeight = size * 1.9;
  const alignOf = (c: ReportColumn) => (isNumeric(c.kind) ? 'right' : 'left') as 'left' | 'right';

  const headingStyle = { size, bold: true };
  // A heading may take two lines where one would make its column the widest.
  const headings = doc.columns.map((c) =>
    headingLines(c.label, (s) => w.width(s, headingStyle) <= Math.max(45, size * 6)),
  );
  const headingHeight = Math.max(...headings.map((h) => h.length)) * size * 1.2 + 2 * PAD + 2;
  const headerBlockHeight = 26 + 13 * Math.ceil(doc.header.length / 2) + 6 + 12 * doc.notes.length + 10;

  /** Where each row goes, the totals row last: its page and top, one after the other as the rows are drawn. */
  const places = () => {
    let page = 1;
    let y = MARGIN + headerBlockHeight + headingHeight;
    return () => {
      if (y + rowHeight > bottom) {
        page += 1;
        y = MARGIN + headingHeight;
      }
      const place = { page, y };
      y += rowHeight;
      return place;
    };
  };
  // The rows to draw are counted before the first is read, so every footer can say "of y" as its page is written.
  const rowCount = doc.rows.count;
  const pages = (() => {
    const next = places();
    let last = next();
    for (let i = 0; i < rowCount; i++) last = next();
    return last.page;
  })();

  const drawFooter = (n: number) => {
    const base = pdf.page.height - MARGIN + 4;
    w.line(
      `${doc.title} · ${doc.header[0]?.value ?? ''}`,
      left,
      base,
      { size: 7, color: MUTED },
      { width: contentWidth / 2, align: 'left' },
    );
    w.line(
      doc.pageLabel(n, pages),
      left + contentWidth / 2,
      base,
      { size: 7, color: MUTED },
      { width: contentWidth / 2, align: 'right' },
    );
  };

  const drawHeaderBlock = () => {
    let top = MARGIN + 16;
    w.line(doc.title, left, top, { size: 16, bold: true });
    top += 10;
    const half = contentWidth / 2;
    doc.header.forEach((h, i) => {
      const x = left + (i % 2) * half;
      const base = top + 13 * (Math.floor(i / 2) + 1);
      const labelWidth = w.line(`${h.label}: `, x, base, { size: 9, bold: true, color: MUTED });
      w.line(h.value, x + labelWidth, base, { size: 9 }, { width: half - labelWidth - 8, align: 'left' });
    });
    top += 13 * Math.ceil(doc.header.length / 2) + 6;
    for (const note of doc.notes) {
      top += 12;
      w.line(note, left, top, { size: 9, bold: true, color: '#b91c1c' }, { width: contentWidth, align: 'left' });
    }
  };

  const draw = async () => {
    // The columns are as wide as their first rows need: those are taken from the stream before anything is drawn.
    const chunks = doc.rows.chunks[Symbol.asyncIterator]();
    const first: Cell[][] = [];
    let more = true;
    while (more && first.length < SAMPLE_ROWS) {
      const next = await chunks.next();
      if (next.done) more = false;
      else first.push(...next.value);
    }
    const sample = [...first.slice(0, SAMPLE_ROWS), doc.totals];
    const natural = doc.columns.map((c, i) => {
      const texts = [
        ...(headings[i] ?? []).map((h) => w.width(h, headingStyle)),
        ...sample.map((r) => w.width(formatCell(r[i] ?? null, c.kind, doc.lang), { size, bold: r === doc.totals })),
      ];
      return Math.max(...texts) + 2 * PAD + 1;
    });
    const cells = layout(doc.columns, natural, left, contentWidth);

    const drawHeading = (top: number) => {
      pdf.rect(left, top, contentWidth, headingHeight).fill('#e5e7eb');
      doc.columns.forEach((c, i) => {
        const cell = cells[i];
        const lines = headings[i] ?? [];
        if (!cell) return;
        lines.forEach((line, j) => {
          const base = top + headingHeight - PAD - 2 - (lines.length - 1 - j) * size * 1.2 - size * 0.25;
          w.line(line, cell.x + PAD, base, headingStyle, { width: cell.width - 2 * PAD, align: alignOf(c) });
        });
      });
    };

    const drawRow = (row: Cell[], top: number, style: Style, fill: string | null) => {
      if (fill) pdf.rect(left, top, contentWidth, rowHeight).fill(fill);
      const base = top + rowHeight / 2 + size * 0.35;
      doc.columns.forEach((c, i) => {
        const cell = cells[i];
        if (cell)
          w.line(formatCell(row[i] ?? null, c.kind, doc.lang), cell.x + PAD, base, style, {
            width: cell.width - 2 * PAD,
            align: alignOf(c),
          });
      });
    };

    drawHeaderBlock();
    drawFooter(1);
    drawHeading(MARGIN + headerBlockHeight);
    const next = places();
    let current = 1;
    let drawn = 0;
    /** The next place, on a new page (its footer and heading drawn) when it is past this one's end. */
    const moveOn = async () => {
      const place = next();
      if (place.page !== current) {
        w.flush();
        progress?.(drawn);
        await nextTurn();
        pdf.addPage();
        current = place.page;
        drawFooter(current);
        drawHeading(MARGIN);
      }
      return place;
    };
    const drawRows = async (rows: Cell[][]) => {
      for (const row of rows) {
        if (drawn === rowCount) return;
        const place = await moveOn();
        drawRow(row, place.y, { size }, drawn % 2 === 1 ? '#f9fafb' : null);
        drawn += 1;
      }
    };
    await drawRows(first);
    while (more) {
      const chunk = await chunks.next();
      if (chunk.done) more = false;
      else await drawRows(chunk.value);
    }
    // Rows that left the report's filter while it was read leave their lines empty: the pages stay as counted.
    for (let i = drawn; i < rowCount; i++) await moveOn();
    const place = await moveOn();
    pdf
      .moveTo(left, place.y)
      .lineTo(left + contentWidth, place.y)
      .lineWidth(0.8)
      .strokeColor(RULE)
      .stroke();
    drawRow(doc.totals, place.y, { size, bold: true }, '#f3f4f6');
    w.flush();
    progress?.(drawn);
    pdf.end();
  };
  draw().catch((error: unknown) => pdf.destroy(error instanceof Error ? error : new Error(String(error))));
  return pdf;
}
