/**
 * SQL fragments that SQLite and PostgreSQL spell differently, for the
 * repositories' queries (everything else Kysely writes for both).
 */
import { sql, type Expression, type RawBuilder } from 'kysely';
import { engineOf } from './engine';
import type { Database } from './database';

/** `value` as text of at least `width` digits, zeros in front (42 -> '00000042'). */
export function zeroPadded(db: Database, value: Expression<number>, width: number): RawBuilder<string> {
  return engineOf(db) === 'sqlite'
    ? sql<string>`printf(${`%0${width}d`}, ${value})`
    : sql<string>`lpad(${value}::text, ${width}, '0')`;
}

/** The texts of a group joined with commas, in the order the rows come (an ordered subquery's). */
export function commaJoined(db: Database, value: Expression<string>): RawBuilder<string | null> {
  return engineOf(db) === 'sqlite'
    ? sql<string | null>`group_concat(${value}, ',')`
    : sql<string | null>`string_agg(${value}, ',')`;
}

/**
 * The local calendar day (YYYY-MM-DD) of an instant stored as ISO-8601 UTC
 * text, in a zone `offsetMinutes` ahead of UTC.
 */
export function localDay(db: Database, instant: Expression<string>, offsetMinutes: number): RawBuilder<string> {
  if (engineOf(db) === 'sqlite')
    return sql<string>`date(${instant}, ${`${offsetMinutes >= 0 ? '+' : ''}${offsetMinutes} minutes`})`;
  // `at time zone 'UTC'` first: to_char of a timestamptz would follow the session's time zone. The offset
  // is written into the text (a whole number, never input): as a parameter, the same day expression in the
  // select list and in GROUP BY would be two different expressions to PostgreSQL.
  if (!Number.isInteger(offsetMinutes)) throw new Error(`localDay: offset ${offsetMinutes} is not whole minutes`);
  return sql<string>`to_char((${instant}::timestamptz at time zone 'UTC') + interval ${sql.lit(`${offsetMinutes} minutes`)}, 'YYYY-MM-DD')`;
}
