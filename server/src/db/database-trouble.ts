/**
 * A failure of the database rather than of the request, told apart so the
 * counter hears what it can do (the same request again, in a moment) instead
 * of "something went wrong". Either way the request's unit did not commit.
 *
 * - DATABASE_BUSY: another unit or process held what this one needed past the
 *   wait allowed. SQLite: another process kept the file's write lock past the
 *   5 s a statement waits for it (db/sqlite-connection.ts). PostgreSQL: a
 *   lock wait past lock_timeout, no free pooled connection within the same
 *   wait (db/postgres-pool.ts), a unit that kept meeting others after all its
 *   reruns (db/units.ts), the database's connections all taken, its memory or
 *   its shared lock table taken by another job (out of shared memory); SQLite
 *   out of memory.
 * - DATABASE_FULL: the database has no room for what the unit wrote (the
 *   disk full, or SQLite's file at its size limit). Sending it again does
 *   not help until someone makes room: the operator is told in the log.
 * - DATABASE_UNAVAILABLE: the database could not be reached, or ended the
 *   connection (a restart, a failover, a unit ended for sending nothing),
 *   or refused the server's role or database name at sign-in, or showed a
 *   TLS certificate the server does not trust (DATABASE_URL's sslmode and
 *   sslrootcert), or took no TLS when the URL asks for it, or the
 *   connection reached a PostgreSQL that takes no writes (a standby, or the
 *   old primary's name during a failover: db/postgres-pool.ts drops such a
 *   connection). A request whose COMMIT was under way may still have been
 *   stored: the portal sends it again with the same Idempotency-Key, which
 *   the server answers from what it stored instead of doing it twice.
 * - DATABASE_FAULT: the database's storage failed: SQLite's file read-only
 *   (a disk the system remounted read-only after errors, its permissions
 *   changed), an I/O error, a damaged file; PostgreSQL's I/O errors and
 *   damaged data. Sending it again does not mend a disk: the operator is told
 *   in the log. As after an I/O error a COMMIT may or may not have reached the
 *   disk, the portal keeps the request's Idempotency-Key for a later try.
 */
export type DatabaseTrouble = 'DATABASE_BUSY' | 'DATABASE_FULL' | 'DATABASE_UNAVAILABLE' | 'DATABASE_FAULT';

const BUSY_CODES = new Set([
  '55P03', // lock_not_available: lock_timeout
  '57014', // query_canceled: a statement_timeout a company set in its DATABASE_URL
  '40001', // serialization_failure, after every rerun db/units.ts allows
  '40P01', // deadlock_detected, likewise
]);

/** Node's network errors: the database is the server's one network peer (an SMS provider handles its own). */
const UNAVAILABLE_CODES = new Set([
  '25P03', // idle_in_transaction_session_timeout: this unit's own connection, ended
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, or a standby
  '57P04', // database_dropped: the database dropped under the connection
  '57P05', // idle_session_timeout: the database ended an idle pooled connection; the pool drops it, but one handed
  //          out in that moment fails its first statement
  '25006', // read_only_sql_transaction: a standby, or default_transaction_read_only (nothing here asks for it)
  '3D000', // invalid_catalog_name: the database named in DATABASE_URL is gone (dropped, renamed)
  '42501', // insufficient_privilege: the server's role lost a grant, or was never given one on a new table
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Node's refusals of the database's TLS certificate (DATABASE_URL with sslmode=verify-full and sslrootcert): not
 * signed by the authority the server trusts, expired, or for another name. The database cannot be reached safely, so
 * it is not reached at all: the operator mends the certificate or the URL. ERR_TLS_* and ERR_SSL_* (a handshake that
 * failed) are matched by prefix.
 */
const TLS_REFUSALS = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
]);

const FAULT_CODES = new Set([
  'XX001', // data_corrupted
  'XX002', // index_corrupted
]);
/**
 * SQLite's families (extended codes carry a suffix: SQLITE_IOERR_FSYNC, SQLITE_READONLY_DBMOVED, ...); NOTADB: the
 * file is not a database (overwritten, truncated).
 */
const SQLITE_FAULT = /^SQLITE_(READONLY|IOERR|CORRUPT|CANTOPEN|NOTADB)(_|$)/;

/** pg's own errors carry no code: a pool wait that ran out, a connection that ended under a query. */
const BUSY_MESSAGE = /^timeout exceeded when trying to connect$/;
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|The server does not support SSL connections)/;

function troubleOfOne(error: object): DatabaseTrouble | null {
  const code = String((error as { code?: unknown }).code ?? '');
  // 53100 disk_full; SQLITE_FULL (SQLite then rolls the whole transaction back itself: db/group-commit.ts).
  if (code === '53100' || code === 'SQLITE_FULL') return 'DATABASE_FULL';
  // The rest of class 53, insufficient resources, lasts as long as the job that took them: 53300 too_many_connections,
  // 53200 out_of_memory (also the shared lock table full: "out of shared memory", another transaction holding
  // max_locks_per_transaction's worth), 53400 configuration_limit_exceeded. SQLITE_NOMEM: the process's memory.
  if (
    BUSY_CODES.has(code) ||
    /^53[0-9A-Z]{3}$/.test(code) ||
    code.startsWith('SQLITE_BUSY') ||
    code.startsWith('SQLITE_LOCKED') ||
    code === 'SQLITE_NOMEM'
  )
    return 'DATABASE_BUSY';
  // Class 58: system error (an I/O error, a file missing under the data directory).
  if (FAULT_CODES.has(code) || SQLITE_FAULT.test(code) || /^58[0-9A-Z]{3}$/.test(code)) return 'DATABASE_FAULT';
  // Class 08: connection exception (the connection failed or was lost). Class 28: invalid authorization, the database
  // refusing the server's role at sign-in (its password rotated, its login revoked): for the operator to mend, and
  // out of reach meanwhile.
  if (UNAVAILABLE_CODES.has(code) || /^(08|28)[0-9A-Z]{3}$/.test(code)) return 'DATABASE_UNAVAILABLE';
  if (TLS_REFUSALS.has(code) || /^ERR_(TLS|SSL)_/.test(code)) return 'DATABASE_UNAVAILABLE';
  // A statement outside a unit prepared before a migration: its connection is retired, and the portal's resend runs it
  // on a new one.
  if (isStalePlan(error)) return 'DATABASE_BUSY';
  const message = error instanceof Error ? error.message : '';
  if (BUSY_MESSAGE.test(message)) return 'DATABASE_BUSY';
  if (UNAVAILABLE_MESSAGE.test(message)) return 'DATABASE_UNAVAILABLE';
  return null;
}

/** `error` and the errors it wraps, outermost first (an AppError made from a database error keeps it as its cause). */
export function* causeChain(error: unknown): Generator<object> {
  for (
    let e = error, depth = 0;
    typeof e === 'object' && e !== null && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  )
    yield e;
}

/** The database trouble behind `error` or one it wraps; null for anything else. */
export function databaseTroubleOf(error: unknown): DatabaseTrouble | null {
  for (const e of causeChain(error)) {
    const trouble = troubleOfOne(e);
    if (trouble) return trouble;
  }
  return null;
}

/**
 * Whether `error` says the connection it came on reached a database that
 * takes no writes (SQLSTATE 25006 on a standby). Such a connection will refuse
 * every write it carries, however long it is kept: db/postgres-pool.ts drops
 * it, so the next one is opened anew, to wherever the URL leads after the
 * failover.
 */
export function takesNoWrites(error: unknown): boolean {
  return chainHasCode(error, '25006');
}

/** Whether `error`, or one it wraps, carries this code (a SQLSTATE, Node's or SQLite's). */
export function chainHasCode(error: unknown, code: string): boolean {
  for (const e of causeChain(error)) if ((e as { code?: unknown }).code === code) return true;
  return false;
}

/**
 * Whether `error` is PostgreSQL refusing a statement prepared by name before a migration changed the columns it
 * answers ("cached plan must not change result type", SQLSTATE 0A000): a rolling upgrade's new version migrated
 * while this process was selling. That connection would refuse it for as long as it lives: db/postgres-pool.ts
 * retires every connection opened before it, and db/units.ts runs the unit again on a new one.
 */
export function isStalePreparedStatement(error: unknown): boolean {
  for (const e of causeChain(error)) if (isStalePlan(e)) return true;
  return false;
}

/** One error of a chain: PostgreSQL's refusal of a statement prepared before its columns changed. */
function isStalePlan(error: object): boolean {
  return (
    (error as { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test(String((error as { message?: unknown }).message))
  );
}
