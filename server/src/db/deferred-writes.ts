import { nameStatement } from './prepared-names';

/**
 * PostgreSQL: a unit's deferred writes (Unit.later, Unit.deferred; db/precompiled.ts WriteBatch) wait on the unit's
 * connection (db/postgres-pool.ts) and leave with the unit's next statement: sent as ONE statement just before it
 * (before its COMMIT, at the latest), each write a data-modifying CTE (`with w1 as (insert ...), w2 as (update ...)
 * select ...`) and each `select` (a pg_notify) a column of the final select. The writes of a seat lock or a sale, its
 * live version's bump and its notifications are one statement, however the code that makes them is spread.
 *
 * Nothing reads a deferred write before it is stored: any statement of the unit sends the waiting writes first. The
 * rules of one statement apply to the writes sent together: they touch different rows, and none reads another's.
 */

/** The text a WriteBatch hands its writes over with (its one parameter: the writes); never sent to the database. */
export const DEFERRED = '/* deferred writes */';
/** Sends the waiting writes now and answers once they are stored (a savepoint's end): never sent itself. */
export const FLUSH = '/* flush deferred writes */';

export interface DeferredWrite {
  /** With `?` parameters; a `select ...` goes into the final select (a pg_notify), anything else into a CTE. */
  text: string;
  parameters: readonly unknown[];
}

const merged = new Map<string, string>();

/** `?` to $n from `offset` + 1 on (the texts hold no string literal with a `?`: values are always bound). */
function numbered(text: string, offset: number): string {
  let n = offset;
  return text.replace(/\?/g, () => `$${++n}`);
}

/** The one statement that stores `writes` (its text made once per shape and prepared by name), with its values. */
export function oneStatement(writes: readonly DeferredWrite[]): { text: string; values: unknown[] } {
  const key = writes.map((w) => w.text).join('\u0000');
  let text = merged.get(key);
  if (text === undefined) {
    let offset = 0;
    const ctes: string[] = [];
    const selects: string[] = [];
    for (const w of writes) {
      const one = numbered(w.text, offset);
      offset += w.parameters.length;
      if (/^\s*select\s/i.test(w.text)) selects.push(`(${one})`);
      else ctes.push(`w${ctes.length + 1} as (${one})`);
    }
    if (ctes.length === 1 && selects.length === 0) text = numbered(writes[0]!.text, 0);
    else text = `${ctes.length ? `with ${ctes.join(', ')} ` : ''}select ${selects.length ? selects.join(', ') : '1'}`;
    if (merged.size >= 2_000) merged.clear();
    merged.set(key, text);
    nameStatement(text);
  }
  return { text, values: writes.flatMap((w) => w.parameters) };
}
