/**
 * What a repository asks of the storage where the two engines differ, so that no module names an engine:
 * - lockedRead: a row locked for the rest of the unit, read in the same statement;
 * - readsGoTogether: whether a unit's reads are worth sending as one statement;
 * - firstRead: a small read asked on every request (the authentication epoch).
 */
import type { Database } from './database';
import { sqliteOf } from './database';
import { engineOf } from './engine';
import { cachedSql, queryRows } from './precompiled';
import { FreshRead } from '../lib/fresh-read';

/** The tables a unit locks rows of (db/unit.ts documents the order they are locked in). */
export type LockedTable = 'reservations' | 'trips' | 'agent_accounts' | 'coupons';

export interface LockedReadOf {
  table: LockedTable;
  /** The select list, `?` parameters allowed (columnParameters). */
  columns: string;
  columnParameters?: readonly unknown[];
  /** The rows to lock, with `?` parameters (whereParameters). */
  where: string;
  whereParameters: readonly unknown[];
}

/**
 * Inside a unit: the rows `where` of `table` locked until the unit ends, and `columns` of them, as stored once the
 * lock is held. PostgreSQL: one statement, an update that changes nothing and returns the row after waiting for the
 * unit that held it (READ COMMITTED rereads the row it locked; a subquery among the columns reads as of the
 * statement's start). SQLite: a plain read (the unit already holds the database's write lock).
 */
export function lockedRead<R>(db: Database, of: LockedReadOf): Promise<R[]> {
  const columnParameters = of.columnParameters ?? [];
  if (engineOf(db) === 'postgres') {
    const text = cachedSql(
      `lockedRead pg ${of.table} ${of.where} ${of.columns}`,
      () => `update ${of.table} set id = id where ${of.where} returning ${of.columns}`,
    );
    return queryRows<R>(db, text, [...of.whereParameters, ...columnParameters]);
  }
  const text = cachedSql(
    `lockedRead sqlite ${of.table} ${of.where} ${of.columns}`,
    () => `select ${of.columns} from ${of.table} where ${of.where}`,
  );
  return queryRows<R>(db, text, [...columnParameters, ...of.whereParameters]);
}

/**
 * Whether reads that follow one another in a unit are worth one statement together (a UNION ALL): on PostgreSQL each
 * statement is a round trip while the unit holds its row locks; on SQLite a call on the connection, where each small
 * statement on its own index path is faster than their union.
 */
export function readsGoTogether(db: Database): boolean {
  return engineOf(db) === 'postgres';
}

/**
 * A read of one value made on every request (the authentication epoch), as cheap as the engine allows, never older
 * than the request. SQLite: a synchronous read on the connection, a microsecond (it runs inside whatever transaction
 * is open on it: only for reads that tolerate that). PostgreSQL: one indexed round trip shared by the requests that
 * ask while one is under way but never begun before a request asked (lib/fresh-read.ts): 50 busy counters cost a
 * read or two at a time, not 50.
 */
export function firstRead<T>(db: Database, text: string): () => T | undefined | Promise<T | undefined> {
  if (engineOf(db) === 'postgres') {
    const shared = new FreshRead(async () => (await queryRows<T>(db, text, []))[0]);
    return () => shared.read();
  }
  const sqlite = sqliteOf(db);
  let statement: ReturnType<typeof sqlite.prepare<[], T>> | null = null;
  return () => {
    try {
      statement ??= sqlite.prepare<[], T>(text);
      return statement.get();
    } catch (error) {
      // A database being reset: prepare again next time.
      statement = null;
      throw error;
    }
  };
}
