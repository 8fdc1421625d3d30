/**
 * The operator command line: `npm run operator -- <command>` from the repo
 * root. It opens the same database as the server (DATABASE_URL).
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { migrateToLatest, openDatabase, type Database } from './db/database';
import { UnsuitableDatabase } from './db/postgres-requirements';
import { DEMO_USERS, isDatabaseEmpty, resetDemoWorld, seedDemoWorld } from './db/seed';
import { AppError } from './http/app-error';
import { clockFor, type Clock } from './lib/clock';
import { createServices } from './services';
import { runReservationCommand, RESERVATION_HELP, ReservationUsageError } from './cli-reservations';
import { MONEY_HELP, MoneyUsageError, runMoneyCommand } from './cli-money';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliContext {
  config: Config;
  db: Database;
  clock: Clock;
  io: CliIo;
}

export const HELP = `Agent Portal operator commands (npm run operator -- <command>)

  users                                    list users: username, active, agent, outlet, companies, password days left, open sessions
  user activate|deactivate <username>      deactivating ends every session of the user
  agent activate|deactivate <agentCode>    deactivating ends the sessions of all its users
  outlet activate|deactivate <outletCode>  deactivating (closing a branch) ends the sessions of all its users
  sessions end <username>                  end every open session of a user
  devices                                  list registered devices, with the install each is bound to
  device approve|activate|deactivate <deviceId>
                                           approve/activate set APPROVED (issuing a licence key once); deactivate sets INACTIVE
  device reset-binding <deviceId>          forget the install an approved device is bound to (a reinstalled PC): its
                                           next sign-in binds the new one; the device's open sessions end
  outbox [--last N] [--to <username>]      SMS messages, oldest first, one per line:
                                           <createdAt>\\t<username|->\\t<phone>\\t<text>
  retention                                run the retention job now: delete old sessions, OTPs, idempotency answers
                                           and SMS, mask sent codes and PINs; prints what it did
  maintenance on [--message <text>] [--message-bn <text>] | off | status
                                           while on, every server process refuses calls that move money or seats
                                           (503 SALES_RESTRICTED, within 2 s); reads keep working
  migrate                                  apply the migrations a new version brings (the server does too, on start);
                                           as the owner, where the server's own role only reads and writes rows
  seed                                     seed the demo world if the database is empty
  reset-demo                               wipe the database and seed the demo world again
${RESERVATION_HELP}
${MONEY_HELP}
  help                                     this text

Exit codes: 0 done, 1 refused or failed, 2 wrong usage.`;

class UsageError extends Error {}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

/** Tabs and line breaks would break the one-line-per-message format. */
function oneLine(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

function parseOutboxArgs(args: string[]): { last: number; to: string | undefined } {
  let last = 20;
  let to: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    const value = args[i + 1];
    if (arg === '--last') {
      if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1)
        throw new UsageError('--last needs a positive number');
      last = Number(value);
      i += 1;
    } else if (arg === '--to') {
      if (value === undefined || value.startsWith('--')) throw new UsageError('--to needs a username');
      to = value;
      i += 1;
    } else {
      throw new UsageError(`unknown option ${arg ?? ''} for outbox`);
    }
  }
  return { last, to };
}

function describeRefusal(error: AppError): string {
  const d = error.details ?? {};
  switch (error.reason) {
    case 'USER_NOT_FOUND':
      return `no user named "${String(d.username)}"`;
    case 'AGENT_NOT_FOUND':
      return `no agent with code "${String(d.agentCode)}"`;
    case 'BRANCH_NOT_FOUND':
      return `no outlet with code "${String(d.outletCode)}"`;
    case 'DEVICE_NOT_FOUND':
      return `no device with id "${String(d.deviceId)}"`;
    case 'ROUTE_NOT_FOUND':
      return `no route "${String(d.route)}" of company "${String(d.company)}"`;
    case 'COACH_NOT_FOUND':
      return d.coach
        ? `no active coach "${String(d.coach)}" of company "${String(d.company)}"`
        : `company "${String(d.company)}" has no active coach`;
    default:
      return error.publicMessage ?? error.reason;
  }
}

function requireArg(value: string | undefined, what: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`missing ${what}`);
  return value;
}

export async function runCli(argv: readonly string[], ctx: CliContext): Promise<number> {
  const { io } = ctx;
  const services = createServices({ config: ctx.config, db: ctx.db, clock: ctx.clock });
  const ops = services.operator;
  const [command, ...args] = argv;
  try {
    switch (command) {
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(HELP);
        return command === undefined ? EXIT_USAGE : EXIT_OK;

      case 'users': {
        const users = await ops.listUsers();
        const rows = [['USERNAME', 'ACTIVE', 'AGENT', 'OUTLET', 'COMPANIES', 'PASSWORD_DAYS', 'SESSIONS', 'NAME']];
        for (const u of users) {
          rows.push([
            u.username,
            u.active ? 'yes' : 'no',
            `${u.agentCode}${u.agentActive ? '' : '(inactive)'}`,
            u.outletCode ?? '-',
            u.companies.join(',') || '-',
            u.passwordNeverExpires ? 'never' : String(u.passwordValidity),
            String(u.openSessions),
            u.fullName,
          ]);
        }
        table(rows).forEach((line) => io.out(line));
        return EXIT_OK;
      }

      case 'user':
      case 'agent': {
        const action = requireArg(args[0], `action (activate or deactivate)`);
        if (action !== 'activate' && action !== 'deactivate')
          throw new UsageError(`unknown ${command} action "${action}"`);
        const name = requireArg(args[1], command === 'user' ? 'username' : 'agent code');
        const active = action === 'activate';
        const result =
          command === 'user' ? await ops.setUserActive(name, active) : await ops.setAgentActive(name, active);
        const who = 'username' in result ? `user ${result.username}` : `agent ${result.agentCode}`;
        io.out(`${who} ${active ? 'activated' : `deactivated; ${result.sessionsEnded} session(s) ended`}`);
        return EXIT_OK;
      }

      case 'outlet': {
        const action = requireArg(args[0], 'action (activate or deactivate)');
        if (action !== 'activate' && action !== 'deactivate') throw new UsageError(`unknown outlet action "${action}"`);
        const result = await ops.setOutletActive(requireArg(args[1], 'outlet code'), action === 'activate');
        io.out(
          `outlet ${result.outletCode} ${action === 'activate' ? 'activated' : `deactivated; ${result.sessionsEnded} session(s) ended`}`,
        );
        return EXIT_OK;
      }

      case 'sessions': {
        if (args[0] !== 'end') throw new UsageError('usage: sessions end <username>');
        const result = await ops.endSessions(requireArg(args[1], 'username'));
        io.out(`${result.sessionsEnded} session(s) of ${result.username} ended`);
        return EXIT_OK;
      }

      case 'devices': {
        const devices = await ops.listDevices();
        // BOUND_TO: a short fingerprint of the install's uuid hash and when it bound; the uuid itself is not kept.
        const rows = [['DEVICE_ID', 'TYPE', 'STATUS', 'LICENCE_KEY', 'REGISTERED_AT', 'BOUND_TO']];
        for (const d of devices)
          rows.push([
            d.device_id,
            d.device_type,
            d.status,
            d.licence_key ?? '-',
            d.registered_at,
            d.bound_uuid_hash ? `${d.bound_uuid_hash.slice(0, 12)} since ${d.bound_at ?? '?'}` : '-',
          ]);
        table(rows).forEach((line) => io.out(line));
        return EXIT_OK;
      }

      case 'device': {
        const action = requireArg(args[0], 'action (approve, activate, deactivate or reset-binding)');
        if (action === 'reset-binding') {
          const { device, sessionsEnded } = await ops.resetDeviceBinding(requireArg(args[1], 'deviceId'));
          io.out(
            `device ${device.device_id} is bound to no install; its next sign-in binds one${sessionsEnded ? `; ${sessionsEnded} session(s) ended` : ''}`,
          );
          return EXIT_OK;
        }
        const status =
          action === 'approve' || action === 'activate' ? 'APPROVED' : action === 'deactivate' ? 'INACTIVE' : null;
        if (!status) throw new UsageError(`unknown device action "${action}"`);
        const { device, sessionsEnded } = await ops.setDeviceStatus(requireArg(args[1], 'deviceId'), status);
        io.out(
          `device ${device.device_id} is ${device.status}${device.licence_key ? ` (licence key ${device.licence_key})` : ''}${sessionsEnded ? `; ${sessionsEnded} session(s) ended` : ''}`,
        );
        return EXIT_OK;
      }

      case 'outbox': {
        const { last, to } = parseOutboxArgs(args);
        const messages = await ops.outboxMessages(last, to);
        if (messages.length === 0) io.err('(no messages)');
        for (const m of messages) io.out([m.createdAt, m.username ?? '-', m.to, oneLine(m.text)].join('\t'));
        return EXIT_OK;
      }

      case 'retention': {
        const done = await services.retention.purge();
        io.out(
          `retention: ${done.sessions} session(s), ${done.otps} OTP(s), ${done.idempotencyAnswers} idempotency answer(s), ${done.smsDeleted} SMS deleted; ${done.smsMasked} SMS masked`,
        );
        return EXIT_OK;
      }

      case 'maintenance': {
        const [mode, ...rest] = args;
        if (mode === 'on') {
          let message: string | null = null;
          let messageBn: string | null = null;
          for (let i = 0; i < rest.length; i += 1) {
            const option = rest[i];
            if (option === '--message' || option === '--message-bn') {
              const value = rest[i + 1];
              if (value === undefined || value.trim() === '') throw new UsageError(`${option} needs a text`);
              if (option === '--message') message = oneLine(value).trim();
              else messageBn = oneLine(value).trim();
              i += 1;
            } else {
              throw new UsageError(`unknown option ${rest[i] ?? ''} for maintenance on`);
            }
          }
          await services.maintenance.turnOn(message, messageBn);
          io.out(
            `maintenance on: sales refused with SALES_RESTRICTED${message ? ` ("${message}")` : ''}${messageBn ? ` (bn: "${messageBn}")` : ''}`,
          );
          return EXIT_OK;
        }
        if (rest.length > 0) throw new UsageError(`unexpected ${rest[0] ?? ''} for maintenance ${mode ?? ''}`);
        if (mode === 'off') {
          await services.maintenance.turnOff();
          io.out('maintenance off: sales open');
          return EXIT_OK;
        }
        if (mode === 'status') {
          const state = await services.maintenance.read();
          io.out(
            state.on
              ? `maintenance on since ${state.since ?? '?'}${state.message ? ` ("${state.message}")` : ''}${state.messageBn ? ` (bn: "${state.messageBn}")` : ''}`
              : 'maintenance off',
          );
          return EXIT_OK;
        }
        throw new UsageError('maintenance needs on, off or status');
      }

      case 'migrate': {
        let newer: string[] = [];
        const applied = await migrateToLatest(ctx.db, { onNewerVersion: (names) => (newer = names) });
        if (newer.length > 0) io.out(`database migrated by a newer version (${newer.join(', ')}): nothing to apply`);
        else if (applied.length === 0) io.out('database up to date: no migration to apply');
        else io.out(`applied ${applied.length} migration(s): ${applied.join(', ')}`);
        return EXIT_OK;
      }

      case 'seed': {
        if (!(await isDatabaseEmpty(ctx.db))) {
          io.out('database is not empty; nothing seeded (use reset-demo to start over)');
          return EXIT_OK;
        }
        await seedDemoWorld(ctx.db, { clock: ctx.clock, config: ctx.config });
        io.out('demo world seeded');
        return EXIT_OK;
      }

      case 'reset-demo': {
        await resetDemoWorld(ctx.db, { clock: ctx.clock, config: ctx.config });
        io.out('database wiped and demo world seeded; demo users:');
        for (const u of DEMO_USERS) io.out(`  ${u.username} / ${u.password}`);
        return EXIT_OK;
      }

      default: {
        const code =
          (await runReservationCommand(command, args, services, io, ctx)) ??
          (await runMoneyCommand(command, args, services, io));
        if (code === null) throw new UsageError(`unknown command "${command}"`);
        return code;
      }
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ReservationUsageError || error instanceof MoneyUsageError) {
      io.err(`error: ${error.message}`);
      io.err('run "npm run operator -- help" for the commands');
      return EXIT_USAGE;
    }
    if (error instanceof AppError) {
      io.err(`error: ${describeRefusal(error)}`);
      return EXIT_FAILED;
    }
    if (error instanceof UnsuitableDatabase) {
      io.err(`error: ${error.message}`);
      return EXIT_FAILED;
    }
    throw error;
  }
}

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`error: ${error.message}`);
      return EXIT_FAILED;
    }
    throw error;
  }
  const db = openDatabase(config.database);
  try {
    // Every command runs on the latest schema; `migrate` migrates itself, to say what it applied.
    if (process.argv[2] !== 'migrate') {
      try {
        await migrateToLatest(db);
      } catch (error) {
        if (!(error instanceof UnsuitableDatabase)) throw error;
        console.error(`error: ${error.message}`);
        return EXIT_FAILED;
      }
    }
    return await runCli(process.argv.slice(2), {
      config,
      db,
      clock: clockFor(config),
      io: { out: (line) => console.log(line), err: (line) => console.error(line) },
    });
  } finally {
    await db.destroy();
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  main()
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      console.error('error:', error instanceof Error ? error.message : error);
      process.exitCode = EXIT_FAILED;
    });
}
