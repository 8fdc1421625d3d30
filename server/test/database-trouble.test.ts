/**
 * A failure of the database is answered by what the counter can do about it
 * (db/database-trouble.ts): wait a moment (busy), send it again (out of
 * reach), or call the administrator (full, failing). The scenarios themselves
 * run for real in test/selling/database-busy.test.ts,
 * database-cannot-store.test.ts, test/postgres/database-trouble.test.ts and
 * database-out-of-memory.test.ts;
 * PostgreSQL's full or failing disk, which no test here can bring about, is
 * told by its SQLSTATE as below.
 */
import { describe, expect, it } from 'vitest';
import { databaseTroubleOf } from '../src/db/database-trouble';

const failure = (code: string) => Object.assign(new Error(`failed: ${code}`), { code });

describe('databaseTroubleOf', () => {
  it.each([
    ['53100', 'DATABASE_FULL'], // PostgreSQL disk_full: "could not extend file ...: No space left on device"
    ['SQLITE_FULL', 'DATABASE_FULL'],
    ['55P03', 'DATABASE_BUSY'],
    ['SQLITE_BUSY', 'DATABASE_BUSY'],
    ['53200', 'DATABASE_BUSY'], // out_of_memory, "out of shared memory" too: test/postgres/database-out-of-memory.test.ts
    ['53300', 'DATABASE_BUSY'], // too_many_connections
    ['53400', 'DATABASE_BUSY'], // configuration_limit_exceeded
    ['SQLITE_NOMEM', 'DATABASE_BUSY'],
    ['SQLITE_NOMEMX', null],
    ['57P01', 'DATABASE_UNAVAILABLE'],
    ['25006', 'DATABASE_UNAVAILABLE'], // read_only_sql_transaction: a standby during a failover
    ['28P01', 'DATABASE_UNAVAILABLE'], // invalid_password: the server's password rotated under it
    ['3D000', 'DATABASE_UNAVAILABLE'], // invalid_catalog_name: the database dropped or renamed
    ['42501', 'DATABASE_UNAVAILABLE'], // insufficient_privilege: a grant revoked from the server's role
    ['57P04', 'DATABASE_UNAVAILABLE'], // database_dropped: the database dropped under the connection
    ['57P05', 'DATABASE_UNAVAILABLE'], // idle_session_timeout: the database ended a connection the pool held
    ['SQLITE_READONLY', 'DATABASE_FAULT'],
    ['SQLITE_READONLY_DBMOVED', 'DATABASE_FAULT'],
    ['SQLITE_IOERR_FSYNC', 'DATABASE_FAULT'],
    ['SQLITE_CORRUPT', 'DATABASE_FAULT'],
    ['SQLITE_NOTADB', 'DATABASE_FAULT'],
    ['58030', 'DATABASE_FAULT'], // PostgreSQL io_error: "could not read block ..."
    ['XX001', 'DATABASE_FAULT'], // data_corrupted
    ['SQLITE_IOERRX', null],
    ['08006', 'DATABASE_UNAVAILABLE'],
    // TLS to the database refused (test/postgres/database-tls.test.ts): another authority, another name, expired.
    ['SELF_SIGNED_CERT_IN_CHAIN', 'DATABASE_UNAVAILABLE'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'DATABASE_UNAVAILABLE'],
    ['CERT_HAS_EXPIRED', 'DATABASE_UNAVAILABLE'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'DATABASE_UNAVAILABLE'],
    ['23505', null], // a unique key: the request's own fault or a rule, not the database's
    ['SQLITE_CONSTRAINT_UNIQUE', null],
  ])('%s is %s', (code, trouble) => {
    expect(databaseTroubleOf(failure(code))).toBe(trouble);
  });

  it("tells pg's own refusal of a database without TLS by its message", () => {
    expect(databaseTroubleOf(new Error('The server does not support SSL connections'))).toBe('DATABASE_UNAVAILABLE');
  });

  it('tells a statement prepared before a migration (0A000) from a feature PostgreSQL lacks (also 0A000)', () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    expect(databaseTroubleOf(stale)).toBe('DATABASE_BUSY');
    const lacking = Object.assign(new Error('FOR UPDATE is not allowed with aggregate functions'), { code: '0A000' });
    expect(databaseTroubleOf(lacking)).toBeNull();
  });

  it('finds the trouble behind the errors that wrap it', () => {
    const wrapped = new Error('the sale failed', { cause: new Error('the unit failed', { cause: failure('53100') }) });
    expect(databaseTroubleOf(wrapped)).toBe('DATABASE_FULL');
  });
});
