import { CompiledQuery } from 'kysely';
import { GroupConnection, type Database } from './database';
import { DEFERRED, FLUSH } from './deferred-writes';
import { engineOf } from './engine';
import { nameStatement } from './prepared-names';
import type { DB } from './schema';

/**
 * Hot-path statements (seat lock and sale) without the query builder.
 * Kysely builds, freezes and compiles a query tree on every call, tens of
 * microseconds each, more than SQLite then takes to run these small indexed
 * statements. Here the SQL text is made once per shape and cached; the
 * statement still runs through Kysely's connection, so inside the caller's
 * transaction or group-commit savepoint, and the statement cache of
 * database.ts reuses the prepared statement. Column names come from code,
 * never from input; every value is a bound parameter.
 */
const texts = new Map<string, string>();

function textOf(key: string, make: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = make();
    texts.set(key, text);
  }
  return text;
}

/** "?, ?, ?" for a list of n values (an IN list, a VALUES row). */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

export async function queryRows<R>(db: Database, sqlText: string, parameters: readonly unknown[]): Promise<R[]> {
  // Inside a group-commit unit the group's transaction owns the connection: run the statement on
  // it directly (same statement, same transaction, same order; database.ts, GroupConnection),
  // without Kysely's executor, connection mutex and promise hops, several microseconds each.
  if (db instanceof GroupConnection) {
    const stmt = db.statement(sqlText);
    if (stmt.reader) return stmt.all(parameters as unknown[]) as R[];
    stmt.run(parameters as unknown[]);
    return [];
  }
  const text = engineOf(db) === 'postgres' ? numberedPlaceholders(sqlText) : sqlText;
  return (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows;
}

const numbered = new Map<string, string>();

/**
 * The same statement with PostgreSQL's numbered parameters ($1, $2, ...) for
 * SQLite's `?`, made once per text, and prepared by name on each connection
 * (db/prepared-names.ts). The texts here hold no string literal
 * with a `?` in it (values are always bound), so every `?` is a parameter.
 */
export function numberedPlaceholders(sqlText: string): string {
  let text = numbered.get(sqlText);
  if (text === undefined) {
    let n = 0;
    text = sqlText.replace(/\?/g, () => `$${++n}`);
    numbered.set(sqlText, text);
    nameStatement(text);
  }
  return text;
}

/** `sqlText` made once per `key` (the shape: an IN list's length, the columns of an insert). */
export function cachedSql(key: string, make: () => string): string {
  return textOf(key, make);
}

type Row = Record<string, unknown>;

/**
 * Writes of one unit whose results it does not read (a history row, a
 * commission row, a remembered passenger, a live event's notification), sent
 * together. On PostgreSQL they wait on the unit's connection and leave with
 * its next statement as ONE statement (db/deferred-writes.ts): one round trip
 * instead of one each. On SQLite each runs at once, as without the batch: a
 * statement there is a function call on the unit's connection, not a round trip.
 *
 * Rules, because the writes of one PostgreSQL statement cannot see one
 * another: they touch different rows, and nothing in the batch reads what
 * another wrote. Any later statement of the unit sends them first, so a read
 * after them sees them.
 */
export class WriteBatch {
  readonly #writes: { text: string; parameters: unknown[] }[] = [];
  /** Inside Unit.deferred: writes through `write`/`insertRows` on the unit's transaction join the batch. */
  deferring = false;

  constructor(private readonly trx: Database) {}

  /**
   * One write: a statement with `?` parameters, made once per shape like every text here. PostgreSQL: kept here while
   * the unit defers its writes (Unit.deferred: the statements that read in its work run before them), else handed to
   * the connection at once.
   */
  async add(sqlText: string, parameters: readonly unknown[]): Promise<void> {
    if (engineOf(this.trx) === 'sqlite') return void (await queryRows(this.trx, sqlText, parameters));
    this.#writes.push({ text: sqlText, parameters: [...parameters] });
    if (!this.deferring) await this.send();
  }

  /** Whether writes wait to be handed to the connection (PostgreSQL). */
  get pending(): boolean {
    return this.#writes.length > 0;
  }

  /** Hands the writes to the unit's connection, which sends them with the unit's next statement (its COMMIT). */
  async send(): Promise<void> {
    const writes = this.#writes.splice(0);
    if (writes.length === 0) return;
    await this.trx.executeQuery(CompiledQuery.raw(DEFERRED, [writes]));
  }

  /** Sends every write of the unit now and waits until they are stored (PostgreSQL; SQLite: already). */
  async sendNow(): Promise<void> {
    if (engineOf(this.trx) === 'sqlite') return;
    await this.send();
    await this.trx.executeQuery(CompiledQuery.raw(FLUSH, []));
  }
}

/** Where a repository's write goes: straight to its database (or transaction), or into a batch of the unit. */
export type WriteTarget = Database | WriteBatch;

/** The deferred writes of the unit over each transaction (db/unit.ts registers its own). */
const batchesByTransaction = new WeakMap<Database, WriteBatch>();

/** The unit over `trx` owns `batch` (a group commit's connection is reused by its units one after another). */
export function ownBatch(trx: Database, batch: WriteBatch): void {
  batchesByTransaction.set(trx, batch);
}

/** The batch a write on `db` joins: the unit's while it defers its writes (Unit.deferred), else none. */
function deferringBatch(db: Database): WriteBatch | undefined {
  const batch = batchesByTransaction.get(db);
  return batch?.deferring ? batch : undefined;
}

/**
 * A write whose result is not read, on a repository's database: into its unit's deferred writes while the unit
 * defers them (Unit.deferred), else run now.
 */
export async function write(target: WriteTarget, sqlText: string, parameters: readonly unknown[]): Promise<void> {
  const batch = target instanceof WriteBatch ? target : deferringBatch(target);
  if (batch) await batch.add(sqlText, parameters);
  else await queryRows(target as Database, sqlText, parameters);
}

/** The columns rows name (undefined ones left out) and their values in order; every row must name the same. */
function columnsAndValues(table: string, rows: readonly Row[]): { columns: string[]; values: unknown[] } {
  const first = rows[0]!;
  const columns = Object.keys(first).filter((c) => first[c] !== undefined);
  const values: unknown[] = [];
  for (const row of rows) {
    if (Object.keys(row).filter((c) => row[c] !== undefined).length !== columns.length)
      throw new Error(`insert into ${table}: rows name different columns`);
    for (const c of columns) values.push(row[c]);
  }
  return { columns, values };
}

const quoted = (columns: readonly string[]): string => columns.map((c) => `"${c}"`).join(', ');

/** An insert that replaces a row with the same `key` columns: `update` takes the new row's values. */
export interface Upsert {
  key: readonly string[];
  update: readonly string[];
}

/**
 * INSERT of rows that all name the same columns (undefined ones left out,
 * as Kysely does), optionally RETURNING *, optionally an upsert on a unique
 * key. One statement for all rows.
 */
export async function insertRows<T extends keyof DB & string, R = Row>(
  db: WriteTarget,
  table: T,
  rows: readonly Row[],
  returning: boolean,
  upsert?: Upsert,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const { columns, values: parameters } = columnsAndValues(table, rows);
  const onConflict = upsert
    ? ` on conflict (${quoted(upsert.key)}) do update set ${upsert.update.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`
    : '';
  const key = `insert ${table} ${columns.join(',')} x${rows.length}${onConflict}${returning ? ' returning' : ''}`;
  const text = textOf(key, () => {
    const values = Array.from({ length: rows.length }, () => `(${placeholders(columns.length)})`).join(', ');
    return `insert into "${table}" (${quoted(columns)}) values ${values}${onConflict}${returning ? ' returning *' : ''}`;
  });
  const batch = db instanceof WriteBatch ? db : returning ? undefined : deferringBatch(db);
  if (batch) {
    if (returning) throw new Error(`insertRows(${table}): a batched insert returns no rows`);
    await batch.add(text, parameters);
    return [];
  }
  return queryRows<R>(db as Database, text, parameters);
}

/**
 * A row and its child rows, RETURNING both. PostgreSQL: in ONE statement, so one round trip while the caller's unit
 * holds its row locks. SQLite: two inserts (two calls on the connection, no round trip). On PostgreSQL the children's
 * insert takes the new row's id from the parent's (a data-modifying CTE:
 * `with p as (insert ... returning *), c as (insert ... values ((select id from p), ...) returning *)`), and both come
 * back as JSON. Only for tables whose columns are integers and texts: JSON gives those back as the same numbers and
 * strings a plain RETURNING would.
 */
export async function insertWithChildren<P extends keyof DB & string, C extends keyof DB & string, PR, CR>(
  db: Database,
  parent: { table: P; row: Row },
  children: { table: C; parentColumn: string; rows: readonly Row[] },
): Promise<{ row: PR; children: CR[] }> {
  if (engineOf(db) === 'sqlite' || children.rows.length === 0) {
    const [row] = await insertRows<P, PR>(db, parent.table, [parent.row], true);
    if (!row) throw new Error(`insert into ${parent.table} returned no row`);
    const rows = children.rows.map((r) => ({ ...r, [children.parentColumn]: (row as unknown as { id: number }).id }));
    return { row, children: await insertRows<C, CR>(db, children.table, rows, true) };
  }
  const p = columnsAndValues(parent.table, [parent.row]);
  const c = columnsAndValues(children.table, children.rows);
  const key = `insert ${parent.table} ${p.columns.join(',')} with ${children.table} ${c.columns.join(',')} x${children.rows.length}`;
  const text = textOf(key, () => {
    const childValues = Array.from(
      { length: children.rows.length },
      () => `((select id from p), ${placeholders(c.columns.length)})`,
    ).join(', ');
    return (
      `with p as (insert into "${parent.table}" (${quoted(p.columns)}) values (${placeholders(p.columns.length)}) returning *), ` +
      `c as (insert into "${children.table}" ("${children.parentColumn}", ${quoted(c.columns)}) values ${childValues} returning *) ` +
      `select row_to_json(p) as parent, (select json_agg(c order by c.id) from c) as children from p`
    );
  });
  const [answer] = await queryRows<{ parent: PR; children: CR[] }>(db, text, [...p.values, ...c.values]);
  if (!answer) throw new Error(`insert into ${parent.table} returned no row`);
  return { row: answer.parent, children: answer.children };
}
