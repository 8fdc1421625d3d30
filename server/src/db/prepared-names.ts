/**
 * PostgreSQL: names under which the hot path's statements (db/precompiled.ts) are prepared on each pooled connection
 * (db/postgres-pool.ts). A statement sent without a name is parsed, analysed and planned again on every call; a named
 * one is parsed once per connection and then only bound and run, which is most of what these small indexed
 * statements cost the database. Only fixed texts made once per shape are named, and only so many: a name stays
 * prepared for the connection's life.
 */
const names = new Map<string, string>();
const MAX_NAMED = 400;
const MAX_TEXT = 4_000;

/** Prepares `text` by name from now on (a text of the hot path, with PostgreSQL's $n parameters). */
export function nameStatement(text: string): void {
  if (names.has(text) || names.size >= MAX_NAMED || text.length > MAX_TEXT) return;
  names.set(text, `hot_${names.size + 1}`);
}

/** The name `text` is prepared under, or undefined to send it unnamed. */
export function statementNameOf(text: string): string | undefined {
  return names.get(text);
}
