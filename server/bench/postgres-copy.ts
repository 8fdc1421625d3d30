/**
 * The reports bench on PostgreSQL (reports.ts --database): the generated
 * world is written once, by reports-seed.ts, into the scratch SQLite file,
 * then copied table by table into a freshly migrated PostgreSQL database.
 * Both engines thus answer over exactly the same rows, ids included.
 *
 * The copy is bulk: per table, batches of BATCH rows, each one INSERT ...
 * SELECT FROM unnest() of one typed array per column (a statement per
 * batch, not per row), all in one transaction, the next batch read from
 * SQLite while PostgreSQL inserts the last. Meanwhile:
 * - the secondary indexes are dropped, and built again after (a sort per
 *   index costs far less than millions of single inserts into it); the
 *   primary keys and unique constraints stay;
 * - the foreign keys are dropped, and added again after, which checks each
 *   over the whole table in one query instead of a lookup (and a lock on
 *   the parent row) per inserted row;
 * - the tables' own triggers are off (DISABLE TRIGGER USER, which the
 *   tables' owner may do): the rows they derive (the daily ledger and
 *   commission buckets, an event's reservation owner) are copied too.
 * Identity columns then continue after the copied ids.
 */
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Database } from '../src/db/database';

const BATCH = 5_000;

/** Kysely's bookkeeping: PostgreSQL's own migrations wrote it. */
const SKIPPED = /^kysely_migration/;

interface Column {
  name: string;
  type: string;
}

/**
 * Copies every table of the SQLite file `file` into `db` (PostgreSQL, migrated to the same schema), replacing
 * what the migrations put there. Answers the rows copied per table.
 */
export async function copySqliteToPostgres(file: string, db: Database): Promise<Record<string, number>> {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    const attributes = await sql<{ table: string; column: string; type: string }>`
      select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type"
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`.execute(db);
    const pgColumns = new Map<string, Column[]>();
    for (const a of attributes.rows) {
      if (SKIPPED.test(a.table)) continue;
      pgColumns.set(a.table, [...(pgColumns.get(a.table) ?? []), { name: a.column, type: a.type }]);
    }
    const sqliteTables = new Set(
      (
        sqlite.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`).all() as {
          name: string;
        }[]
      ).map((t) => t.name),
    );
    const missing = [...pgColumns.keys()].filter((t) => !sqliteTables.has(t));
    if (missing.length) throw new Error(`tables on PostgreSQL that the SQLite file lacks: ${missing.join(', ')}`);
    const tables = [...pgColumns.keys()].sort();

    const copied: Record<string, number> = {};
    await db.transaction().execute(async (trx) => {
      // The index builds' sorts in memory (a session setting; the server's own is left alone).
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      // Between statements this bulk load reads the next batch from the SQLite file: not a unit that froze.
      await sql`set local idle_in_transaction_session_timeout = 0`.execute(trx);
      await sql`truncate table ${sql.join(tables.map((t) => sql.id(t)))} restart identity`.execute(trx);
      const indexes = await sql<{ name: string; definition: string }>`
        select i.relname as name, pg_get_indexdef(i.oid) as definition
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        where t.relnamespace = 'public'::regnamespace and t.relkind = 'r' and t.relname not like 'kysely_migration%'
          and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`.execute(trx);
      for (const { name } of indexes.rows) await sql`drop index ${sql.id(name)}`.execute(trx);
      const foreign = await sql<{ table: string; name: string; definition: string }>`
        select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
        from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`.execute(trx);
      for (const f of foreign.rows)
        await sql`alter table ${sql.id(f.table)} drop constraint ${sql.id(f.name)}`.execute(trx);
      for (const table of tables) {
        const inSqlite = new Set(
          (sqlite.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name),
        );
        const columns = (pgColumns.get(table) ?? []).filter((c) => inSqlite.has(c.name));
        await sql`alter table ${sql.id(table)} disable trigger user`.execute(trx);
        const insert = (batch: unknown[][]) =>
          sql`insert into ${sql.id(table)} (${sql.join(columns.map((c) => sql.id(c.name)))})
            select * from unnest(${sql.join(batch.map((values, i) => sql`${values}::${sql.raw(`${columns[i]?.type}[]`)}`))})`.execute(
            trx,
          );
        const rows = sqlite
          .prepare(`select ${columns.map((c) => `"${c.name}"`).join(', ')} from "${table}"`)
          .raw(true)
          .iterate() as IterableIterator<unknown[]>;
        let batch: unknown[][] = columns.map(() => []);
        let size = 0;
        let pending: Promise<unknown> = Promise.resolve();
        let count = 0;
        for (const row of rows) {
          for (let i = 0; i < row.length; i += 1) (batch[i] as unknown[]).push(row[i]);
          size += 1;
          if (size === BATCH) {
            // This batch is sent once the last one is in; the next is read from SQLite meanwhile.
            await pending;
            pending = insert(batch);
            count += size;
            batch = columns.map(() => []);
            size = 0;
          }
        }
        await pending;
        if (size > 0) await insert(batch);
        count += size;
        await sql`alter table ${sql.id(table)} enable trigger user`.execute(trx);
        copied[table] = count;
      }
      for (const { definition } of indexes.rows) await sql.raw(definition).execute(trx);
      for (const f of foreign.rows)
        await sql`alter table ${sql.id(f.table)} add constraint ${sql.id(f.name)} ${sql.raw(f.definition)}`.execute(
          trx,
        );
      // Identity columns ("generated by default") continue after the copied ids.
      const identities = await sql<{ table: string; column: string }>`
        select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and is_identity = 'YES'`.execute(trx);
      for (const { table, column } of identities.rows) {
        if (SKIPPED.test(table)) continue;
        await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${sql.id(column)}), 0) + 1, false)
          from ${sql.id(table)}`.execute(trx);
      }
    });
    return copied;
  } finally {
    sqlite.close();
  }
}
