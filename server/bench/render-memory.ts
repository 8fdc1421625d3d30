/**
 * What a long report file holds while it is drawn (issue #34): `node --expose-gc --import tsx
 * server/bench/render-memory.ts [--rows N] [--formats pdf,xlsx]`.
 *
 * Renders an N-row reservation history (default 50,000, the REPORT_FILE_MAX_ROWS cap) in this process from rows
 * made as the renderer asks for them, 2,000 at a time, as a report worker takes them from the database
 * (row-stream.ts), into a sink that only counts the bytes. Twice per format:
 * - once as production runs it, for the peak resident memory the file added (Linux's VmHWM, set back just before);
 * - once with a full garbage collection before each chunk of rows is handed over, for what the drawing really holds
 *   (the JS heap and external memory after each collection: it stays flat if no row is kept).
 * The difference between the two is garbage the collector had not yet taken: what bench:report-files' peak memory
 * per file (the server's, worker and download included) is mostly made of.
 * Prints ONE JSON line per format: {format, rows, bytes, ms, peakAddedMB, liveFirstMB, liveMaxMB, liveLastMB,
 * liveGrowthMB} (liveGrowthMB: the most the live memory rose above its figure at the first chunk).
 */
import { REPORT_FILE_MAX_ROWS } from '@agent-portal/contract';
import { streamFile } from '../src/modules/reports/jobs';
import { CHUNK_ROWS, type RowStream } from '../src/modules/reports/row-stream';
import { historyDocument, type HistoryRow } from '../test/reports/history-document';
import { resetPeakRss, rssOf } from './memory';
import { intArg } from './scratch';

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

function historyRow(i: number): HistoryRow {
  return {
    time: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    pnr: `P${100_000 + i}`,
    action: i % 9 === 0 ? 'CANCELLED' : 'SELL',
    user: 'agent',
    outlet: 'Motijheel counter',
    amount: 1000 + (i % 700),
    remarks: `Seats A${(i % 9) + 1}, B${(i % 9) + 1} on trip 2026-01-02`,
    remark: null,
  };
}

/** N rows made a chunk at a time; `beforeChunk` runs as each is asked for. */
function rowsMadeAsAsked(n: number, beforeChunk: () => void): RowStream<HistoryRow> {
  return {
    count: n,
    chunks: (async function* () {
      for (let at = 0; at < n; at += CHUNK_ROWS) {
        beforeChunk();
        yield Array.from({ length: Math.min(CHUNK_ROWS, n - at) }, (_, i) => historyRow(at + i));
      }
    })(),
  };
}

async function render(format: 'pdf' | 'xlsx', n: number, beforeChunk: () => void = () => {}) {
  const doc = historyDocument({ rows: rowsMadeAsAsked(n, beforeChunk), count: n });
  let bytes = 0;
  await streamFile(doc, format, { chunk: (piece) => (bytes += piece.length), progress: () => {} });
  return bytes;
}

async function main(): Promise<void> {
  if (!gc) throw new Error('run with node --expose-gc');
  const rows = intArg('rows', REPORT_FILE_MAX_ROWS);
  const i = process.argv.indexOf('--formats');
  const formats = (i >= 0 ? (process.argv[i + 1] ?? '').split(',') : ['pdf', 'xlsx']) as ('pdf' | 'xlsx')[];
  for (const format of formats) {
    // The renderers' modules and fonts loaded first: a worker loads them once for all its files.
    await render(format, 100);
    gc();
    const before = rssOf('self');
    if (!before || !resetPeakRss()) throw new Error('needs Linux /proc to read the peak memory');
    const started = performance.now();
    const bytes = await render(format, rows);
    const ms = Math.round(performance.now() - started);
    const peakAddedMB = mb((rssOf('self')?.peak ?? 0) - before.rss);
    const live: number[] = [];
    await render(format, rows, () => {
      gc();
      const m = process.memoryUsage();
      live.push(m.heapUsed + m.external);
    });
    console.log(
      JSON.stringify({
        format,
        rows,
        bytes,
        ms,
        peakAddedMB,
        liveFirstMB: mb(live[0] ?? 0),
        liveMaxMB: mb(Math.max(...live)),
        liveLastMB: mb(live.at(-1) ?? 0),
        // What the drawing kept over the whole file: the first figure is the modules' and fonts' heap.
        liveGrowthMB: mb(Math.max(...live) - (live[0] ?? 0)),
      }),
    );
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
