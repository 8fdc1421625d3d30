/**
 * A report's rows as a file takes them: how many there are, known before the first is drawn (the PDF lays its pages
 * out and the portal's progress counts from it), then the rows a chunk at a time. A 50,000-row file's rows are read
 * from the database as the renderer asks for them, so a worker holds one chunk of them, not the whole page (issue
 * #34: that was 94-145 MB more per file).
 */
export interface RowStream<R> {
  /** The rows the stream gives, no more; fewer only when rows left the report's filter while it was read. */
  count: number;
  /** Read once: a second pass would read the database again. */
  chunks: AsyncIterable<R[]>;
}

/** A report whose rows come as a stream rather than in an array. */
export type Streamed<T extends { rows: unknown[] }> = Omit<T, 'rows'> & { rows: RowStream<T['rows'][number]> };

/** Rows a file's page is read in, each chunk its own statement. */
export const CHUNK_ROWS = 2_000;

/** Rows already in memory (a report without pages, or a page on screen) as a stream. */
export function streamOf<R>(rows: R[]): RowStream<R> {
  return {
    count: rows.length,
    chunks: (async function* () {
      for (let at = 0; at < rows.length; at += CHUNK_ROWS) yield rows.slice(at, at + CHUNK_ROWS);
    })(),
  };
}

/** The same stream with each row converted as its chunk is taken. */
export function mapRows<R, S>(stream: RowStream<R>, convert: (row: R) => S): RowStream<S> {
  return {
    count: stream.count,
    chunks: (async function* () {
      for await (const chunk of stream.chunks) yield chunk.map(convert);
    })(),
  };
}

/** Every row of a stream, in one array: a page the screen shows. */
export async function collectRows<R>(stream: RowStream<R>): Promise<R[]> {
  const rows: R[] = [];
  for await (const chunk of stream.chunks) for (const row of chunk) rows.push(row);
  return rows;
}

/**
 * A page of `pageSize` rows from row `start` of a report that matched `matched` rows, read CHUNK_ROWS at a time as the
 * stream is taken: each statement's read snapshot is short, so the WAL can restart between them while sales commit
 * (one 50,000-row read kept it from restarting long enough to grow past the checkpoint backstop, whose checkpoints run
 * on the server's thread). The rows are in time order and new ones come last, so the chunks join up, and rows
 * committed after `matched` was counted are left out: the file's rows are those its totals counted. A page past the
 * last row reads nothing.
 */
export function pageOf<R>(
  page: { start: number; pageSize: number; matched: number },
  read: (limit: number, offset: number) => Promise<R[]>,
): RowStream<R> {
  const count = Math.max(0, Math.min(page.pageSize, page.matched - page.start));
  return {
    count,
    chunks: (async function* () {
      let done = 0;
      while (done < count) {
        // A turn between chunks: the statement and its snapshot are over.
        if (done > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        const asked = Math.min(CHUNK_ROWS, count - done);
        const chunk = await read(asked, page.start + done);
        if (chunk.length > 0) yield chunk;
        if (chunk.length < asked) return;
        done += chunk.length;
      }
    })(),
  };
}
