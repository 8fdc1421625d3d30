/**
 * Paging by daily buckets. A list's range [from, to) is cut into chunks in
 * time order: a partial UTC day at each end (a zone's midnight is not UTC
 * midnight) counted from the rows, and whole UTC days counted from a
 * trigger-kept bucket table. Page N then starts in one chunk, found by
 * walking the counts, and the row query skips only within that chunk:
 * a year of one busy account is about 365 bucket reads, not a million rows.
 */
const DAY_MS = 86_400_000;

export interface Chunk {
  /** [start, end) as ISO instants. */
  start: string;
  end: string;
  n: number;
}

export interface RangeParts {
  /** Whole UTC days [fromDay, toDay) as yyyy-MM-dd keys; null when the range holds no whole day. */
  days: { fromDay: string; toDay: string } | null;
  /** Partial days, counted from the rows themselves. */
  edges: { before: [string, string] | null; after: [string, string] | null };
}

export const dayKey = (iso: string): string => iso.slice(0, 10);
const iso = (ms: number): string => new Date(ms).toISOString();

export function splitRange(from: string, to: string): RangeParts {
  const a = Date.parse(from);
  const b = Date.parse(to);
  const h0 = Math.ceil(a / DAY_MS) * DAY_MS;
  const h1 = Math.floor(b / DAY_MS) * DAY_MS;
  if (h0 >= h1) return { days: null, edges: { before: a < b ? [from, to] : null, after: null } };
  return {
    days: { fromDay: dayKey(iso(h0)), toDay: dayKey(iso(h1)) },
    edges: { before: a < h0 ? [from, iso(h0)] : null, after: h1 < b ? [iso(h1), to] : null },
  };
}

/** A daily bucket's chunk. */
export function dayChunk(day: string, n: number): Chunk {
  const start = `${day}T00:00:00.000Z`;
  return { start, end: iso(Date.parse(start) + DAY_MS), n };
}

/**
 * Where a page starts: the chunk holding row number `offset` (0-based) in
 * the requested order, and how many of that chunk's rows (in that order)
 * come before it. Null past the end.
 */
export function locate(
  chunksAscending: readonly Chunk[],
  offset: number,
  descending: boolean,
): { chunk: Chunk; skip: number } | null {
  const ordered = descending ? [...chunksAscending].reverse() : chunksAscending;
  let seen = 0;
  for (const chunk of ordered) {
    if (offset < seen + chunk.n) return { chunk, skip: offset - seen };
    seen += chunk.n;
  }
  return null;
}

/**
 * The time bounds of page rows [offset, offset + limit) in the requested
 * order, and how many rows of the first chunk to skip. Bounding the row
 * query by the page's last chunk too keeps a filter that matches few rows
 * from walking the rest of the range when the page comes up short.
 */
export function pageSpan(
  chunksAscending: readonly Chunk[],
  offset: number,
  limit: number,
  descending: boolean,
): { from: string; to: string; skip: number } | null {
  const total = chunksAscending.reduce((s, c) => s + c.n, 0);
  const first = locate(chunksAscending, offset, descending);
  const last = locate(chunksAscending, Math.min(offset + limit, total) - 1, descending);
  if (!first || !last) return null;
  return descending
    ? { from: last.chunk.start, to: first.chunk.end, skip: first.skip }
    : { from: first.chunk.start, to: last.chunk.end, skip: first.skip };
}
