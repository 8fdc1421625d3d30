/**
 * Issue #34 made the report files several times faster (standard-font.ts,
 * the PDF's content handed over a row at a time, XLSX cells sharing their
 * column's style, times zoned once an hour) and streams them in pieces. None
 * of that may change a file: here a 300-row reservation history, in English
 * and in Bengali (Bengali names and remarks in the data, so the script runs,
 * the shaping and the ActualText spans are in it), is rendered as it is
 * streamed (streamFile) and compared with digests of the files the code
 * before issue #34 wrote for the same document: every byte of the PDF but its
 * creation date and the /ID made from it, and every part of the XLSX but
 * its creation dates (docProps/core.xml).
 */
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { streamFile } from '../../src/modules/reports/jobs';
import { historyDocument } from './history-document';

const ACTIONS = ['SELL', 'BOOK', 'CANCELLED', 'CONFIRMED', 'PIN_RESENT'];
const N = 300;

function document(lang: 'en' | 'bn') {
  const rows = Array.from({ length: N }, (_, i) => ({
    time: new Date(Date.UTC(2026, 0, 1) + i * 7 * 60_000 + i * 1000).toISOString(),
    pnr: `P${String(100000 + i)}`,
    action: ACTIONS[i % 5]!,
    user: i % 7 ? 'agent' : 'রহিম উদ্দিন',
    outlet: 'Motijheel counter',
    amount: i % 3 ? 1234.5 + i : null,
    remarks: i % 4 ? 'Seats A1, A2 on trip 2026-01-02 Dhaka – Chittagong AVAWAY <&> "q"' : 'বাতিল করা হয়েছে',
  }));
  return historyDocument({ rows, count: N, totals: { actions: N, charged: 1, refunded: 2 }, lang });
}

async function streamed(lang: 'en' | 'bn', format: 'pdf' | 'xlsx') {
  const pieces: Uint8Array[] = [];
  const progress: number[] = [];
  await streamFile(document(lang), format, {
    chunk: (bytes) => pieces.push(bytes),
    progress: (done, total) => {
      expect(total).toBe(N);
      progress.push(done);
    },
  });
  return { file: Buffer.concat(pieces), progress };
}

const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Digests of the code before issue #34 (commit df2f0d5) for the same documents; the English ones with that code's
 * files printing the English screens' 12-hour clock (issue #33, files/format.ts), the only change to their text.
 */
const BEFORE = {
  pdf: {
    en: 'dbc15ee5a675d676a5f0ab4ae6d72fc2a1d5bb5b965c5e5dc4553627f45b484d',
    bn: 'd00ddc9babff1fe827b17f91edf621faf0d3c5a6ac9fb73190ab28c7379369c1',
  },
  xlsx: {
    en: '6daab5d5a2f44ef7333757e8a579312d20bfac4edbb5965536e14669ad1fdb0d',
    bn: 'ebd1d61666eed28302892b9c7fb91a4b74aac1bcd61e4e9761f99ff4982e256a',
  },
};

describe('report files are the same bytes as before issue #34', () => {
  it.each(['en', 'bn'] as const)('%s PDF: the same bytes, its creation date and /ID aside', async (lang) => {
    const { file, progress } = await streamed(lang, 'pdf');
    const text = file
      .toString('latin1')
      .replace(/D:\d{14}Z/g, '')
      .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');
    expect(sha(text)).toBe(BEFORE.pdf[lang]);
    // The rows to do first, then the rows done at each page, all of them at the end.
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(N);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it.each(['en', 'bn'] as const)('%s XLSX: the same parts, its creation dates aside', async (lang) => {
    const { file, progress } = await streamed(lang, 'xlsx');
    const zip = unzipSync(file);
    const parts = Object.keys(zip)
      .sort()
      .filter((name) => name !== 'docProps/core.xml' && !name.endsWith('/'))
      .map((name) => `${name} ${sha(zip[name]!)}`);
    expect(sha(parts.join('\n'))).toBe(BEFORE.xlsx[lang]);
    expect(progress).toEqual([0, N]);
  });
});
