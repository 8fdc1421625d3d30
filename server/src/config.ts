/**
 * The server's one settings module: every tunable number of the server's rules
 * (sessions, passwords, OTPs, rate limits, seat locks, bookings, fines)
 * and every environment switch, validated once at start. A bad value stops
 * the start with one message naming the variable.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPORT_FILE_MAX_ROWS, REPORT_MAX_ROWS } from '@agent-portal/contract';
import { z } from 'zod';

/** The server package folder (server/), whatever the working directory is. */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const DEFAULT_DATABASE_FILE = path.join(SERVER_DIR, 'data', 'agent-portal.sqlite');

/** A switch whose default depends on the mode (APP_MODE): undefined when not given. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes'));

/**
 * TRUST_PROXY: false (the default: the client address is the peer's), or the
 * proxies' addresses or CIDR ranges, comma-separated. Never "any proxy": a
 * client that could write X-Forwarded-For itself would choose the address its
 * rate limits are counted by.
 */
const proxyList = z
  .string()
  .default('false')
  .transform((v, ctx) => {
    const value = v.trim();
    if (['false', '0', 'no', ''].includes(value)) return false as const;
    const entries = value.split(',').map((part) => part.trim());
    const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(\/\d{1,3})?$/;
    if (entries.some((entry) => !address.test(entry))) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false or the proxies\' addresses or CIDR ranges, comma-separated (e.g. 10.0.0.5,10.1.0.0/16); "true" (any proxy) is not accepted',
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * One report thread per core but one, at least one: the server's own thread
 * (every seat lock and sale) keeps a core. Measured with bench:mixed on 2
 * cores: 1 worker kept the sale p99 at 40 ms while 4 users downloaded
 * 50,000-row files; 2 workers took the second core from the sales (63-66 ms).
 */
export const DEFAULT_REPORT_WORKERS = Math.max(1, availableParallelism() - 1);

const int = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .default(String(fallback))
    .transform((v, ctx) => {
      const n = Number(v);
      if (!/^-?\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const timeZone = z
  .string()
  .default('Asia/Dhaka')
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be an IANA time zone such as Asia/Dhaka' },
  );

/**
 * Cancellation fine bands as "minHours:percent" pairs, e.g. "48:10,24:25,6:50"
 * (the defaults): at or above minHours before boarding the band's
 * percent is kept; under the lowest band cancelling is closed.
 */
const fineBands = z
  .string()
  .default('48:10,24:25,6:50')
  .transform((v, ctx) => {
    const bands = v.split(',').map((part) => part.trim().split(':').map(Number));
    const ok =
      bands.length > 0 &&
      bands.every((b) => b.length === 2 && b.every((n) => Number.isFinite(n) && n >= 0) && (b[1] ?? 101) <= 100);
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be minHours:percent pairs separated by commas, e.g. 48:10,24:25,6:50',
      });
      return z.NEVER;
    }
    return bands
      .map(([minHours, percent]) => ({ minHours: minHours ?? 0, percent: percent ?? 0 }))
      .sort((a, b) => b.minHours - a.minHours);
  });

/** An ISO-8601 instant with its offset (FIXED_NOW), e.g. 2026-03-10T04:00:00Z. */
const instant = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return null;
    const at = Date.parse(v);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v.trim()) || Number.isNaN(at)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an ISO-8601 instant with its offset, e.g. 2026-03-10T04:00:00Z',
      });
      return z.NEVER;
    }
    return new Date(at);
  });

const envSchema = z.object({
  PORT: int(3030, 0, 65535),
  HOST: z.string().min(1).default('127.0.0.1'),
  REQUEST_TIMEOUT_SECONDS: int(30, 1, 3600),
  HEADERS_TIMEOUT_SECONDS: int(10, 1, 3600),
  KEEP_ALIVE_TIMEOUT_SECONDS: int(5, 1, 3600),
  CONNECTION_IDLE_TIMEOUT_SECONDS: int(120, 1, 86_400),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: int(10, 1, 500),
  DATABASE_LOCK_TIMEOUT_SECONDS: int(10, 1, 600),
  DATABASE_IDLE_IN_TRANSACTION_SECONDS: int(5, 1, 600),
  PORTAL_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: proxyList,
  APP_MODE: z.enum(['demo', 'production'], { message: 'must be demo or production' }).optional(),
  NODE_ENV: z.string().optional(),
  SEED_DEMO: optionalBool,
  DOCS_ENABLED: optionalBool,
  TIME_ZONE: timeZone,
  FIXED_NOW: instant,
  DEVICE_AUTO_APPROVE: optionalBool,
  SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
  PASSWORD_HASH_COST: int(15, 8, 20),
  SESSION_IDLE_HOURS: int(12, 1, 24 * 365),
  SESSION_MAX_HOURS: int(24, 1, 24 * 365),
  SESSION_REMEMBER_IDLE_DAYS: int(7, 1, 365),
  SESSION_REMEMBER_MAX_DAYS: int(30, 1, 365),
  PASSWORD_VALIDITY_DAYS: int(90, 1, 3650),
  OTP_VALIDITY_MINUTES: int(5, 1, 1440),
  OTP_RESEND_SECONDS: int(60, 0, 3600),
  OTP_MAX_ATTEMPTS: int(5, 1, 100),
  LOGIN_RATE_LIMIT_PER_MINUTE: int(10, 1),
  LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: int(60, 1),
  OTP_RATE_LIMIT_PER_HOUR: int(5, 1),
  OTP_RATE_LIMIT_PER_ADDRESS_PER_HOUR: int(30, 1),
  OTP_VERIFY_RATE_LIMIT_PER_HOUR: int(20, 1),
  OTP_VERIFY_RATE_LIMIT_PER_ADDRESS_PER_HOUR: int(120, 1),
  LOGIN_BACKOFF_FREE_FAILURES: int(3, 1, 1000),
  LOGIN_BACKOFF_USERNAME_FREE_FAILURES: int(10, 1, 100_000),
  LOGIN_BACKOFF_MAX_SECONDS: int(900, 1, 86_400),
  PNR_RATE_LIMIT_PER_MINUTE: int(120, 1),
  PIN_MAX_WRONG_PER_PNR: int(5, 1, 1000),
  PIN_WRONG_WINDOW_MINUTES: int(15, 1, 10_080),
  PIN_LOCK_MINUTES: int(15, 1, 10_080),
  PIN_MAX_WRONG_PER_USER_PER_HOUR: int(20, 1),
  PIN_RESEND_PER_RESERVATION_PER_HOUR: int(3, 1),
  PIN_RESEND_PER_USER_PER_HOUR: int(20, 1),
  SEAT_LOCK_MINUTES: int(5, 1, 1440),
  MAX_SEATS_PER_RESERVATION: int(5, 1, 100),
  BOOKING_HOLD_MINUTES: int(30, 1, 10080),
  BOOKING_CUTOFF_MINUTES: int(60, 0, 10080),
  SEAT_LOCK_MAX_SEATS: int(5, 1, 100),
  CANCEL_FINE_BANDS: fineBands,
  REPORTING_OFFSET_MINUTES: int(15, 0, 600),
  BOOKING_SWEEP_SECONDS: int(60, 0, 86_400),
  TRIP_HORIZON_DAYS: int(14, 1, 365),
  IDEMPOTENCY_KEEP_HOURS: int(24, 1, 24 * 90),
  RETENTION_SWEEP_MINUTES: int(60, 0, 1440),
  SESSION_KEEP_DAYS: int(90, 31, 3650),
  OTP_KEEP_DAYS: int(7, 1, 3650),
  SMS_KEEP_DAYS: int(90, 1, 3650),
  SMS_SECRET_VISIBLE_MINUTES: int(30, 1, 1440),
  REPORT_MAX_ROWS: int(REPORT_MAX_ROWS, 1, 1_000_000),
  REPORT_FILE_MAX_ROWS: int(REPORT_FILE_MAX_ROWS, 1, 1_000_000),
  REPORT_WORKERS: int(DEFAULT_REPORT_WORKERS, 0, 16),
  REPORT_FILES_RUNNING_PER_USER: int(2, 1, 16),
  REPORT_FILES_WAITING_PER_USER: int(4, 0, 64),
  VOUCHER_HOLD_MINUTES: int(30, 1, 24 * 60),
  LIVE_EVENTS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  LIVE_STREAMS_PER_SESSION: int(4, 1, 10_000),
  LIVE_STREAMS_PER_PROCESS: int(5000, 1, 100_000),
  LIVE_HEARTBEAT_SECONDS: int(15, 1, 300),
  LIVE_POLL_SECONDS: int(5, 1, 300),
  LIVE_SLOW_CONSUMER_KB: int(256, 1, 65_536),
  LIVE_BATCH_MS: int(25, 0, 1000),
  LIVE_FANOUT: z.enum(['process', 'inline'], { message: 'must be process or inline' }).default('process'),
});

export type Env = Record<string, string | undefined>;

/**
 * Where the data lives: SQLite in memory or in a file (the embedded default,
 * nothing to install), or a PostgreSQL database (postgres://user:password@host:port/name),
 * for a company that runs several server processes on one database.
 */
export type DatabaseLocation =
  | { kind: 'memory' }
  | { kind: 'file'; file: string }
  | { kind: 'postgres'; url: string; poolSize?: number; waits?: PostgresWaits };

/**
 * PostgreSQL: how long anything waits on another unit, so that no request
 * waits for ever on a process that froze, an administrator's open
 * transaction or a leaked connection (db/postgres-pool.ts).
 */
export interface PostgresWaits {
  /** A statement waits this long at most for a lock (a trip's, an account's), a request this long for a connection. */
  lockTimeoutMs: number;
  /** The database ends a connection whose transaction sent nothing for this long, and frees its locks. */
  idleInTransactionMs: number;
}

export interface Config {
  port: number;
  host: string;
  /**
   * Limits against slow or stalled clients (slowloris), in milliseconds.
   * requestTimeoutMs and headersTimeoutMs bound how long receiving a request
   * (its headers) may take, never the answer, so a long report download is
   * bound only by connectionIdleTimeoutMs: no byte either way for that long.
   */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    connectionIdleTimeoutMs: number;
  };
  database: DatabaseLocation;
  /** A built portal served at / with an index.html fallback, or null. */
  portalDir: string | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** false, or the addresses and CIDR ranges of the proxies whose X-Forwarded-For is believed. */
  trustProxy: false | string[];
  /**
   * demo (npm start, tests): seeds the demo world, approves devices, serves
   * /docs. production (APP_MODE=production, or NODE_ENV=production): none of
   * that unless asked, and it refuses to start on demo credentials or FIXED_NOW.
   */
  mode: 'demo' | 'production';
  /** Seed the demo world into an empty database, and top up its trips on start. */
  seedDemo: boolean;
  /** Serve the OpenAPI page at /docs. */
  docsEnabled: boolean;
  timeZone: string;
  /**
   * Where the server's clock starts (FIXED_NOW), or null for the system
   * clock. From there it runs on in real time, so tests and demos get the
   * same timetable, cut-offs and "today" whatever the day and hour.
   */
  fixedNow: Date | null;
  deviceAutoApprove: boolean;
  smsProvider: 'outbox';
  /** log2 of the scrypt cost parameter N for new password hashes. */
  passwordHashCost: number;
  /**
   * A session without "remember me" ends after this long unused, and SESSION_MAX_HOURS after sign-in whatever its use.
   */
  sessionIdleHours: number;
  sessionMaxHours: number;
  /** A session with "remember me" (a counter PC the agent keeps signed in on): the same two limits, longer. */
  rememberIdleDays: number;
  rememberMaxDays: number;
  passwordValidityDays: number;
  otpValidityMinutes: number;
  otpResendSeconds: number;
  otpMaxAttempts: number;
  rateLimits: {
    loginPerUsernamePerMinute: number;
    loginPerAddressPerMinute: number;
    otpPerUsernamePerHour: number;
    otpPerAddressPerHour: number;
    /** Code checks (verifyOtp and resetPassword together) per username and per client address. */
    otpCheckPerUsernamePerHour: number;
    otpCheckPerAddressPerHour: number;
    /** Requests per user to the routes that take a PNR (look-up, ticket operation, history, ...). */
    pnrPerUserPerMinute: number;
  };
  /** PNR+PIN checks and PIN resends (modules/pnr-guard), counted in the database. */
  pins: {
    /** Wrong PINs on one PNR within wrongWindowMinutes before it is locked for lockMinutes. */
    maxWrongPerPnr: number;
    wrongWindowMinutes: number;
    lockMinutes: number;
    /** Wrong PINs by one user over all PNRs in an hour; then TOO_MANY_REQUESTS for an hour. */
    maxWrongPerUserPerHour: number;
    resendPerReservationPerHour: number;
    resendPerUserPerHour: number;
  };
  /**
   * Password guessing (login and changePassword): after `freeFailures` wrong
   * passwords for one username from one address, each failure doubles the
   * wait from 1 s up to `maxSeconds`; failures from addresses the user has
   * never signed in from also count for the username as a whole, with
   * `usernameFreeFailures` free, so a distributed attack is slowed while the
   * user's own counter still gets in. changePassword counts per user.
   */
  loginBackoff: {
    freeFailures: number;
    usernameFreeFailures: number;
    maxSeconds: number;
  };
  reservations: {
    seatLockMinutes: number;
    maxSeatsPerReservation: number;
    bookingHoldMinutes: number;
    bookingCutoffMinutes: number;
  };
  /** Selling-engine settings (issue #3); kept apart so `reservations` keeps its shape. */
  sales: {
    /** Most seats one user may hold locked on one trip, every segment of it together (MAX_SEAT_WARNING). */
    maxLockedSeats: number;
    /** Fine bands, highest minHours first. */
    fineBands: { minHours: number; percent: number }[];
    /** Reporting time = boarding time - this. */
    reportingOffsetMinutes: number;
    /** How often expired bookings are swept (0 = only lazily on reads and writes). */
    bookingSweepSeconds: number;
    /** Trips always exist for this many days from today (topped up on start). */
    tripHorizonDays: number;
    /** Stored Idempotency-Key answers are forgotten after this long. */
    idempotencyKeepHours: number;
  };
  /** What the retention job (modules/retention) deletes or masks, and how often it runs (0 = never on its own). */
  retention: {
    sweepMinutes: number;
    /** Sessions unused this long are deleted (more than the longest "remember me" lifetime, so only dead ones). */
    sessionKeepDays: number;
    otpKeepDays: number;
    smsKeepDays: number;
    /** A code or PIN in a stored SMS is masked this long after it was sent. */
    smsSecretVisibleMinutes: number;
  };
  /** Limits on a report and where it runs (issue #14: no request can stall the counters). */
  reports: {
    /** Rows a report without pages answers as JSON; past it REPORT_TOO_LARGE. */
    maxRows: number;
    /** Rows a PDF or XLSX holds (the portal states the contract's REPORT_FILE_MAX_ROWS). */
    fileMaxRows: number;
    /**
     * Worker threads that run report queries and render files, each with its
     * own read-only connection; 0 runs them on the main thread (as does an
     * in-memory database, which a worker cannot open).
     */
    workers: number;
    /**
     * PDF/XLSX files one user may have rendering (or in the workers' queue) at once, and waiting behind them;
     * past both 429 REPORT_QUEUE_FULL (issue #32: one user cannot queue any number of 50,000-row files).
     */
    filesRunningPerUser: number;
    filesWaitingPerUser: number;
  };
  /** Receipt numbers (issue #32): how long a number getVoucherNo holds for a user stays that user's alone. */
  vouchers: {
    holdMinutes: number;
  };
  /** Live events (issue #35, modules/live): off leaves the routes out (404, as a spec-only server). */
  live: {
    enabled: boolean;
    streamsPerSession: number;
    streamsPerProcess: number;
    heartbeatSeconds: number;
    /** What discovery tells the portal to poll at when it cannot keep a stream. */
    pollSeconds: number;
    /** A stream whose unsent bytes pass this is dropped (it reconnects and refetches) rather than buffered. */
    slowConsumerBytes: number;
    /** A stream's events of this many ms go in one socket write (0: those of one turn of the event loop). */
    batchMs: number;
    /** Where the streams' bytes are written: a process of their own (modules/live/fanout-process.ts) or this one. */
    fanout: 'process' | 'inline';
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Accepts `postgres://…` (or `postgresql://…`), `:memory:`, `file:<path>` or a plain path;
 * relative paths are taken from the server folder.
 */
export function parseDatabaseUrl(value: string | undefined): DatabaseLocation {
  if (value === undefined || value.trim() === '') return { kind: 'file', file: DEFAULT_DATABASE_FILE };
  const raw = value.trim();
  if (/^postgres(ql)?:\/\//i.test(raw)) {
    try {
      const url = new URL(raw);
      if (url.pathname.replace(/^\//, '') === '')
        throw new ConfigError(
          'DATABASE_URL: a postgres:// address must name its database, e.g. postgres://portal@db-host:5432/agent_portal',
        );
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      throw new ConfigError(
        'DATABASE_URL: not a valid postgres:// address, e.g. postgres://portal:secret@db-host:5432/agent_portal',
      );
    }
    return { kind: 'postgres', url: raw };
  }
  if (raw === ':memory:' || raw === 'file::memory:') return { kind: 'memory' };
  const withoutScheme = raw.startsWith('file://')
    ? fileURLToPath(raw)
    : raw.startsWith('file:')
      ? raw.slice('file:'.length)
      : raw;
  if (withoutScheme === '') throw new ConfigError('DATABASE_URL: must name a file, file:<path> or :memory:');
  return { kind: 'file', file: path.resolve(SERVER_DIR, withoutScheme) };
}

/**
 * Where the database is, for a log or a banner: a file's path, or the postgres:// address with every password in it
 * hidden (the user's in the address, and the `password` and `sslpassword` parameters pg also reads).
 */
export function describeDatabase(location: DatabaseLocation): string {
  if (location.kind === 'memory') return ':memory:';
  if (location.kind === 'file') return location.file;
  const url = new URL(location.url);
  if (url.password) url.password = '***';
  for (const name of [...url.searchParams.keys()]) if (/password/i.test(name)) url.searchParams.set(name, '***');
  return url.toString();
}

/**
 * PostgreSQL: the connections each server process keeps open at most (DATABASE_POOL_SIZE), and how long
 * anything waits on another unit; SQLite has one connection and its own busy timeout.
 */
function withPostgresSettings(location: DatabaseLocation, poolSize: number, waits: PostgresWaits): DatabaseLocation {
  return location.kind === 'postgres' ? { ...location, poolSize, waits } : location;
}

function resolvePortalDir(value: string | undefined, env: Env): string | null {
  if (value === undefined || value.trim() === '') return null;
  // npm runs workspace scripts inside server/; a relative folder means the caller's folder.
  const base = env.INIT_CWD ?? process.cwd();
  const dir = path.resolve(base, value.trim());
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new ConfigError(`PORTAL_DIR: ${dir} has no index.html (build the portal first)`);
  }
  return dir;
}

/** Builds the settings from an environment object (process.env in production, a literal in tests). */
export function loadConfig(env: Env = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const given = env[name];
    throw new ConfigError(
      `${name}: ${issue?.message ?? 'invalid value'}${given === undefined ? '' : ` (got "${given}")`}`,
    );
  }
  const e = result.data;
  const mode = e.APP_MODE ?? (e.NODE_ENV === 'production' ? 'production' : 'demo');
  const demo = mode === 'demo';
  if (!demo && e.FIXED_NOW)
    throw new ConfigError('FIXED_NOW: a production server runs on the real clock (unset it, or set APP_MODE=demo)');
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_SECONDS: must not be longer than REQUEST_TIMEOUT_SECONDS (${e.REQUEST_TIMEOUT_SECONDS}) (got "${e.HEADERS_TIMEOUT_SECONDS}")`,
    );
  }
  if (e.DATABASE_IDLE_IN_TRANSACTION_SECONDS >= e.DATABASE_LOCK_TIMEOUT_SECONDS) {
    // A sale queued behind a frozen process must outlast it: the database frees the lock first.
    throw new ConfigError(
      `DATABASE_IDLE_IN_TRANSACTION_SECONDS: must be shorter than DATABASE_LOCK_TIMEOUT_SECONDS (${e.DATABASE_LOCK_TIMEOUT_SECONDS}) (got "${e.DATABASE_IDLE_IN_TRANSACTION_SECONDS}")`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      connectionIdleTimeoutMs: e.CONNECTION_IDLE_TIMEOUT_SECONDS * 1000,
    },
    database: withPostgresSettings(parseDatabaseUrl(e.DATABASE_URL), e.DATABASE_POOL_SIZE, {
      lockTimeoutMs: e.DATABASE_LOCK_TIMEOUT_SECONDS * 1000,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_SECONDS * 1000,
    }),
    portalDir: resolvePortalDir(e.PORTAL_DIR, env),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    mode,
    seedDemo: e.SEED_DEMO ?? demo,
    docsEnabled: e.DOCS_ENABLED ?? demo,
    timeZone: e.TIME_ZONE,
    fixedNow: e.FIXED_NOW,
    deviceAutoApprove: e.DEVICE_AUTO_APPROVE ?? demo,
    smsProvider: e.SMS_PROVIDER,
    passwordHashCost: e.PASSWORD_HASH_COST,
    sessionIdleHours: e.SESSION_IDLE_HOURS,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    rememberIdleDays: e.SESSION_REMEMBER_IDLE_DAYS,
    rememberMaxDays: e.SESSION_REMEMBER_MAX_DAYS,
    passwordValidityDays: e.PASSWORD_VALIDITY_DAYS,
    otpValidityMinutes: e.OTP_VALIDITY_MINUTES,
    otpResendSeconds: e.OTP_RESEND_SECONDS,
    otpMaxAttempts: e.OTP_MAX_ATTEMPTS,
    rateLimits: {
      loginPerUsernamePerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
      loginPerAddressPerMinute: e.LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
      otpPerUsernamePerHour: e.OTP_RATE_LIMIT_PER_HOUR,
      otpPerAddressPerHour: e.OTP_RATE_LIMIT_PER_ADDRESS_PER_HOUR,
      otpCheckPerUsernamePerHour: e.OTP_VERIFY_RATE_LIMIT_PER_HOUR,
      otpCheckPerAddressPerHour: e.OTP_VERIFY_RATE_LIMIT_PER_ADDRESS_PER_HOUR,
      pnrPerUserPerMinute: e.PNR_RATE_LIMIT_PER_MINUTE,
    },
    pins: {
      maxWrongPerPnr: e.PIN_MAX_WRONG_PER_PNR,
      wrongWindowMinutes: e.PIN_WRONG_WINDOW_MINUTES,
      lockMinutes: e.PIN_LOCK_MINUTES,
      maxWrongPerUserPerHour: e.PIN_MAX_WRONG_PER_USER_PER_HOUR,
      resendPerReservationPerHour: e.PIN_RESEND_PER_RESERVATION_PER_HOUR,
      resendPerUserPerHour: e.PIN_RESEND_PER_USER_PER_HOUR,
    },
    loginBackoff: {
      freeFailures: e.LOGIN_BACKOFF_FREE_FAILURES,
      usernameFreeFailures: e.LOGIN_BACKOFF_USERNAME_FREE_FAILURES,
      maxSeconds: e.LOGIN_BACKOFF_MAX_SECONDS,
    },
    reservations: {
      seatLockMinutes: e.SEAT_LOCK_MINUTES,
      maxSeatsPerReservation: e.MAX_SEATS_PER_RESERVATION,
      bookingHoldMinutes: e.BOOKING_HOLD_MINUTES,
      bookingCutoffMinutes: e.BOOKING_CUTOFF_MINUTES,
    },
    sales: {
      maxLockedSeats: e.SEAT_LOCK_MAX_SEATS,
      fineBands: e.CANCEL_FINE_BANDS,
      reportingOffsetMinutes: e.REPORTING_OFFSET_MINUTES,
      bookingSweepSeconds: e.BOOKING_SWEEP_SECONDS,
      tripHorizonDays: e.TRIP_HORIZON_DAYS,
      idempotencyKeepHours: e.IDEMPOTENCY_KEEP_HOURS,
    },
    retention: {
      sweepMinutes: e.RETENTION_SWEEP_MINUTES,
      sessionKeepDays: e.SESSION_KEEP_DAYS,
      otpKeepDays: e.OTP_KEEP_DAYS,
      smsKeepDays: e.SMS_KEEP_DAYS,
      smsSecretVisibleMinutes: e.SMS_SECRET_VISIBLE_MINUTES,
    },
    reports: {
      maxRows: e.REPORT_MAX_ROWS,
      fileMaxRows: e.REPORT_FILE_MAX_ROWS,
      workers: e.REPORT_WORKERS,
      filesRunningPerUser: e.REPORT_FILES_RUNNING_PER_USER,
      filesWaitingPerUser: e.REPORT_FILES_WAITING_PER_USER,
    },
    vouchers: {
      holdMinutes: e.VOUCHER_HOLD_MINUTES,
    },
    live: {
      enabled: e.LIVE_EVENTS === 'on',
      streamsPerSession: e.LIVE_STREAMS_PER_SESSION,
      streamsPerProcess: e.LIVE_STREAMS_PER_PROCESS,
      heartbeatSeconds: e.LIVE_HEARTBEAT_SECONDS,
      pollSeconds: e.LIVE_POLL_SECONDS,
      slowConsumerBytes: e.LIVE_SLOW_CONSUMER_KB * 1024,
      batchMs: e.LIVE_BATCH_MS,
      fanout: e.LIVE_FANOUT,
    },
  };
}

/** Creates the folder of a file database so a fresh checkout starts without setup. */
export function ensureDatabaseFolder(location: DatabaseLocation): void {
  if (location.kind === 'file') mkdirSync(path.dirname(location.file), { recursive: true });
}
