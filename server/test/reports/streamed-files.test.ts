/**
 * A long report file is drawn from its rows as they are read (row-stream.ts), not from a page held whole: the
 * renderers take a chunk when they are ready for it, so by the time the last chunk is asked for most of the file has
 * already left. And a page whose rows fewer came than its totals counted (rows that left the filter while it was
 * read) is still a whole file whose every footer counts its pages right.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { streamFile } from '../../src/modules/reports/jobs';
import type { RowStream } from '../../src/modules/reports/row-stream';
import { historyDocument, type HistoryRow } from './history-document';
import { readPdf } from './read-pdf';

function historyRow(i: number): HistoryRow {
  return {
    time: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    pnr: `P${String(100000 + i)}`,
    action: 'SELL',
    user: 'agent',
    outlet: 'Motijheel counter',
    amount: 1000,
    remarks: null,
    remark: null,
  };
}

/** `count` rows said, `given` of them given, in chunks of 2,000; `asked` records the bytes out when each was asked. */
function rowsRead(count: number, given: number, bytesOut: () => number) {
  const asked: number[] = [];
  const stream: RowStream<HistoryRow> = {
    count,
    chunks: (async function* () {
      for (let at = 0; at < given; at += 2_000) {
        asked.push(bytesOut());
        yield Array.from({ length: Math.min(2_000, given - at) }, (_, i) => historyRow(at + i));
      }
    })(),
  };
  return { stream, asked };
}

async function render(format: 'pdf' | 'xlsx', count: number, given = count) {
  let out = 0;
  const pieces: Uint8Array[] = [];
  const progress: [number, number][] = [];
  const { stream, asked } = rowsRead(count, given, () => out);
  const doc = historyDocument({ rows: stream, count });
  await streamFile(doc, format, {
    chunk: (bytes) => {
      out += bytes.length;
      pieces.push(bytes);
    },
    progress: (done, total) => progress.push([done, total]),
  });
  return { file: Buffer.concat(pieces), asked, progress };
}

describe('report files drawn from rows as they are read', () => {
  it('a 20,000-row PDF has sent most of its bytes before its last chunk of rows is read', async () => {
    const { file, asked, progress } = await render('pdf', 20_000);
    expect(asked).toHaveLength(10);
    // The first chunk is read before anything is drawn: the columns are measured on its rows.
    expect(asked[0]).toBe(0);
    expect(asked[9]!).toBeGreaterThan(file.length * 0.8);
    expect(progress.at(-1)).toEqual([20_000, 20_000]);
    const pdf = await readPdf(file);
    expect(pdf.text).toContain('P119999');
    expect(pdf.pages.at(-1)).toContain('Total (20,000)');
  }, 60_000);

  it('a 20,000-row XLSX has sent most of its bytes before its last chunk of rows is read', async () => {
    const { file, asked } = await render('xlsx', 20_000);
    expect(asked).toHaveLength(10);
    expect(asked[9]!).toBeGreaterThan(file.length * 0.6);
    const sheet = new TextDecoder().decode(unzipSync(file)['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('P119999');
    expect(sheet).toContain('Total (20,000)');
  }, 60_000);

  it('rows that left the filter while the page was read leave their lines empty, and every footer still counts right', async () => {
    // 130 rows counted (more than a page), 100 came: the totals row stays where the 131st line was planned.
    const { file } = await render('pdf', 130, 100);
    const pdf = await readPdf(file);
    expect(pdf.pages.length).toBeGreaterThan(1);
    pdf.pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${pdf.pages.length}`));
    expect(pdf.text).toContain('P100099');
    expect(pdf.text).not.toContain('P100100');
    expect(pdf.pages.at(-1)).toContain('Total (130)');
  }, 60_000);
});
