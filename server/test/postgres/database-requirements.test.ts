/**
 * A PostgreSQL that cannot hold what the server stores is refused before the
 * first migration, with what to do (db/postgres-requirements.ts): a database
 * encoded otherwise than UTF8 (LATIN1 refuses Bengali; SQL_ASCII checks
 * nothing), a server older than 15, or one built without ICU; and, while
 * migrations are to run, a role that may not create in the schema public.
 * Before, a LATIN1 database failed half-way through the first migration with
 * PostgreSQL's own words about a byte sequence, and a role that does not own
 * the database with "database migration  failed: permission denied".
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { closeDatabase, migrateToLatest, openDatabase } from '../../src/db/database';
import { postgresShortfalls, UnsuitableDatabase } from '../../src/db/postgres-requirements';
import { ENGINE } from '../helpers';
import { createDatabaseOn, dropDatabaseOn, runStatements, signedInAs } from './cluster';

const FIT = { versionNum: 150004, version: '15.4', encoding: 'UTF8', icu: true };

describe('what the server needs of PostgreSQL', () => {
  it('a UTF8 database on PostgreSQL 15 or later with ICU fits', () => {
    expect(postgresShortfalls(FIT, 'agent_portal')).toEqual([]);
    expect(postgresShortfalls({ ...FIT, versionNum: 170002, version: '17.2' }, 'agent_portal')).toEqual([]);
  });

  it('says each shortfall, and what to do about it', () => {
    const said = postgresShortfalls(
      { versionNum: 140011, version: '14.11', encoding: 'SQL_ASCII', icu: false },
      'agent_portal',
    );
    expect(said).toHaveLength(3);
    expect(said[0]).toMatch(/PostgreSQL 14\.11 is older than 15/);
    expect(said[1]).toMatch(/agent_portal is encoded SQL_ASCII.*createdb --encoding=UTF8/);
    expect(said[2]).toMatch(/without ICU/);
  });
});

describe.skipIf(ENGINE !== 'postgres')('a database not encoded UTF8', () => {
  const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? '';

  async function databaseEncoded(encoding: string): Promise<string> {
    const name = `t_${randomBytes(8).toString('hex')}`;
    await runStatements(
      admin,
      `create database "${name}" encoding '${encoding}' template template0 lc_collate 'C' lc_ctype 'C'`,
    );
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return url.toString();
  }

  it.each(['LATIN1', 'SQL_ASCII'])(
    '%s: refused before any migration, saying how to make a UTF8 one',
    async (encoding) => {
      const url = await databaseEncoded(encoding);
      const db = openDatabase({ kind: 'postgres', url });
      try {
        const refused = await migrateToLatest(db).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(UnsuitableDatabase);
        expect((refused as Error).message).toMatch(new RegExp(`is encoded ${encoding}.*--encoding=UTF8`));
        const tables = await sql<{ n: string }>`
        select count(*) as n from information_schema.tables where table_schema = 'public'`.execute(db);
        expect(Number(tables.rows[0]?.n)).toBe(0);
      } finally {
        await closeDatabase(db);
        await dropDatabaseOn(admin, url);
      }
    },
  );
});

describe.skipIf(ENGINE !== 'postgres')('a role that does not own the database', () => {
  const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? '';

  it('with migrations to run: refused before any, saying to make it the owner; once migrated, it runs on rows alone', async () => {
    const role = `r_${randomBytes(6).toString('hex')}`;
    const url = await createDatabaseOn(admin);
    await runStatements(admin, `create role ${role} login`);
    try {
      const asRole = openDatabase({ kind: 'postgres', url: signedInAs(url, role) });
      try {
        const refused = await migrateToLatest(asRole).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(UnsuitableDatabase);
        expect((refused as Error).message).toMatch(
          new RegExp(`role ${role} may not create tables in the schema public.*ALTER DATABASE .* OWNER TO ${role}`),
        );
      } finally {
        await closeDatabase(asRole);
      }

      // Migrated by the owner, then used by a role that may only read and write rows: nothing is left to make.
      const owner = openDatabase({ kind: 'postgres', url });
      try {
        expect((await migrateToLatest(owner)).length).toBeGreaterThan(0);
      } finally {
        await closeDatabase(owner);
      }
      await runStatements(
        url,
        `grant usage on schema public to ${role}`,
        `grant select, insert, update, delete on all tables in schema public to ${role}`,
      );
      const rowsOnly = openDatabase({ kind: 'postgres', url: signedInAs(url, role) });
      try {
        expect(await migrateToLatest(rowsOnly)).toEqual([]);
      } finally {
        await closeDatabase(rowsOnly);
      }
    } finally {
      await dropDatabaseOn(admin, url);
      await runStatements(admin, `drop role ${role}`);
    }
  });
});
