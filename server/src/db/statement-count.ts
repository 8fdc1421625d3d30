/**
 * How many statements this process has sent to its database, counted where they leave: the PostgreSQL pool's query
 * (db/postgres-pool.ts) and SQLite's statement cache (db/database.ts, one look-up per statement run). For the
 * benchmarks (bench:sell prints statements per seat lock and per sale); a counter costs nothing worth measuring.
 * `texts`, when set, collects each statement's text too (bench:sell with BENCH_VERBOSE lists a lock's and a sale's).
 */
export const statementCount: { sent: number; texts: string[] | null } = { sent: 0, texts: null };

/** Counts one statement sent (its text kept only while someone collects them). */
export function countStatement(text: string): void {
  statementCount.sent += 1;
  statementCount.texts?.push(text);
}
