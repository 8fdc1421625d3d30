import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeDatabase, loadConfig, parseDatabaseUrl, SERVER_DIR } from '../src/config';
import { clockFor, clockStartingAt, systemClock } from '../src/lib/clock';

describe('config', () => {
  it('has the rule-book defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3030);
    expect(config.host).toBe('127.0.0.1');
    expect(config.timeZone).toBe('Asia/Dhaka');
    expect(config.deviceAutoApprove).toBe(true);
    expect(config.smsProvider).toBe('outbox');
    expect(config.sessionIdleHours).toBe(12);
    expect(config.passwordValidityDays).toBe(90);
    expect(config.otpValidityMinutes).toBe(5);
    expect(config.otpResendSeconds).toBe(60);
    expect(config.otpMaxAttempts).toBe(5);
    expect(config.rateLimits).toEqual({
      loginPerUsernamePerMinute: 10,
      loginPerAddressPerMinute: 60,
      otpPerUsernamePerHour: 5,
      otpPerAddressPerHour: 30,
      otpCheckPerUsernamePerHour: 20,
      otpCheckPerAddressPerHour: 120,
      pnrPerUserPerMinute: 120,
    });
    expect(config.pins).toEqual({
      maxWrongPerPnr: 5,
      wrongWindowMinutes: 15,
      lockMinutes: 15,
      maxWrongPerUserPerHour: 20,
      resendPerReservationPerHour: 3,
      resendPerUserPerHour: 20,
    });
    expect(config.loginBackoff).toEqual({ freeFailures: 3, usernameFreeFailures: 10, maxSeconds: 900 });
    expect(config.reservations).toEqual({
      seatLockMinutes: 5,
      maxSeatsPerReservation: 5,
      bookingHoldMinutes: 30,
      bookingCutoffMinutes: 60,
    });
    expect(config.database).toEqual({ kind: 'file', file: path.join(SERVER_DIR, 'data', 'agent-portal.sqlite') });
    expect(config.portalDir).toBeNull();
    expect(config.fixedNow).toBeNull();
  });

  it('starts the clock at FIXED_NOW and lets it run on from there', () => {
    expect(clockFor(loadConfig({}))).toBe(systemClock);
    const config = loadConfig({ FIXED_NOW: '2026-03-10T10:00:00+06:00' });
    expect(config.fixedNow?.toISOString()).toBe('2026-03-10T04:00:00.000Z');
    let elapsed = 1_000;
    const clock = clockStartingAt(config.fixedNow as Date, () => elapsed);
    expect(clock.now().toISOString()).toBe('2026-03-10T04:00:00.000Z');
    elapsed += 90_500;
    expect(clock.now().toISOString()).toBe('2026-03-10T04:01:30.500Z');
    expect(clockFor(config).now().getTime() - Date.parse('2026-03-10T04:00:00Z')).toBeLessThan(60_000);
    for (const bad of ['yesterday', '2026-03-10', '2026-03-10T04:00:00', '2026-13-40T04:00:00Z']) {
      expect(() => loadConfig({ FIXED_NOW: bad })).toThrow(/^FIXED_NOW: must be an ISO-8601 instant with its offset/);
    }
  });

  it('rejects a bad PORT with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      /^PORT: must be a whole number from 0 to 65535 \(got "eighty"\)$/,
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/^PORT:/);
  });

  it('names other bad variables too', () => {
    expect(() => loadConfig({ DEVICE_AUTO_APPROVE: 'maybe' })).toThrow(/^DEVICE_AUTO_APPROVE: must be true or false/);
    expect(() => loadConfig({ TIME_ZONE: 'Mars/Olympus' })).toThrow(/^TIME_ZONE:/);
    expect(() => loadConfig({ OTP_MAX_ATTEMPTS: '0' })).toThrow(/^OTP_MAX_ATTEMPTS:/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL:/);
    expect(() => loadConfig({ PORTAL_DIR: '/definitely/not/here' })).toThrow(/^PORTAL_DIR: .*index\.html/);
  });

  it('reads numbers and switches from the environment', () => {
    const config = loadConfig({
      PORT: '3999',
      DEVICE_AUTO_APPROVE: 'false',
      SESSION_IDLE_HOURS: '2',
      LOGIN_RATE_LIMIT_PER_MINUTE: '500',
    });
    expect(config.port).toBe(3999);
    expect(config.deviceAutoApprove).toBe(false);
    expect(config.sessionIdleHours).toBe(2);
    expect(config.rateLimits.loginPerUsernamePerMinute).toBe(500);
  });

  it('accepts file: URLs, plain paths and :memory:', () => {
    expect(parseDatabaseUrl(':memory:')).toEqual({ kind: 'memory' });
    expect(parseDatabaseUrl('file:/tmp/a.sqlite')).toEqual({ kind: 'file', file: '/tmp/a.sqlite' });
    expect(parseDatabaseUrl('/tmp/b.sqlite')).toEqual({ kind: 'file', file: '/tmp/b.sqlite' });
    expect(parseDatabaseUrl('data/c.sqlite')).toEqual({
      kind: 'file',
      file: path.join(SERVER_DIR, 'data', 'c.sqlite'),
    });
    expect(parseDatabaseUrl('file:data/d.sqlite')).toEqual({
      kind: 'file',
      file: path.join(SERVER_DIR, 'data', 'd.sqlite'),
    });
  });

  it('says where the database is without any password, wherever the address carries one', () => {
    const said = describeDatabase(
      parseDatabaseUrl(
        'postgres://portal:s3cret@db-host:5432/agent_portal?sslmode=verify-full&password=s3cret2&sslpassword=s3cret3',
      ),
    );
    expect(said).not.toMatch(/s3cret/);
    expect(said).toBe(
      'postgres://portal:***@db-host:5432/agent_portal?sslmode=verify-full&password=***&sslpassword=***',
    );
    expect(describeDatabase(parseDatabaseUrl('/tmp/b.sqlite'))).toBe('/tmp/b.sqlite');
  });

  it('takes postgres:// addresses as PostgreSQL, with the pool size of DATABASE_POOL_SIZE', () => {
    expect(parseDatabaseUrl('postgres://portal:secret@db-host:5432/agent_portal')).toEqual({
      kind: 'postgres',
      url: 'postgres://portal:secret@db-host:5432/agent_portal',
    });
    expect(parseDatabaseUrl('postgresql://db-host/agent_portal')).toEqual({
      kind: 'postgres',
      url: 'postgresql://db-host/agent_portal',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://db-host/agent_portal' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://db-host/agent_portal',
      poolSize: 10,
      waits: { lockTimeoutMs: 10_000, idleInTransactionMs: 5_000 },
    });
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db-host/agent_portal',
        DATABASE_LOCK_TIMEOUT_SECONDS: '30',
        DATABASE_IDLE_IN_TRANSACTION_SECONDS: '20',
      }).database,
    ).toMatchObject({ waits: { lockTimeoutMs: 30_000, idleInTransactionMs: 20_000 } });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db-host/agent_portal', DATABASE_POOL_SIZE: '40' }).database,
    ).toMatchObject({ poolSize: 40 });
    // A file database has one connection: the setting does not apply.
    expect(loadConfig({ DATABASE_URL: '/tmp/a.sqlite', DATABASE_POOL_SIZE: '40' }).database).toEqual({
      kind: 'file',
      file: '/tmp/a.sqlite',
    });
  });

  it('refuses a postgres:// address without a database name, or a pool size out of range, naming the variable', () => {
    expect(() => parseDatabaseUrl('postgres://db-host')).toThrow(
      /DATABASE_URL: a postgres:\/\/ address must name its database/,
    );
    expect(() => parseDatabaseUrl('postgres://db-host:notaport/x')).toThrow(
      /DATABASE_URL: not a valid postgres:\/\/ address/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses a PostgreSQL idle-in-transaction limit not shorter than the lock timeout: a queued sale must outlast a frozen unit', () => {
    expect(() => loadConfig({ DATABASE_LOCK_TIMEOUT_SECONDS: '5', DATABASE_IDLE_IN_TRANSACTION_SECONDS: '5' })).toThrow(
      /DATABASE_IDLE_IN_TRANSACTION_SECONDS: must be shorter than DATABASE_LOCK_TIMEOUT_SECONDS \(5\) \(got "5"\)/,
    );
    expect(() => loadConfig({ DATABASE_LOCK_TIMEOUT_SECONDS: '0' })).toThrow(/DATABASE_LOCK_TIMEOUT_SECONDS/);
  });
});
