import { MaintenanceService } from './modules/maintenance/service';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';
import { RequestLimits } from './lib/request-limits';
import { AccountService } from './modules/account/service';
import { AgentSettingsService } from './modules/agent/service';
import { AuthService } from './modules/auth/service';
import { DeviceService } from './modules/device/service';
import { LookupService } from './modules/lookup/service';
import { OperatorService } from './modules/operator/service';
import { PasswordService } from './modules/password/service';
import { ProfileService } from './modules/profile/service';
import { ReportsService } from './modules/reports/service';
import { RetentionService } from './modules/retention/service';
import { SessionService } from './modules/session/service';
import type { SmsProvider } from './modules/sms/provider';
import { OutboxSmsProvider, SmsOutboxService } from './modules/sms/service';
import { UserService } from './modules/user/service';
import { createRecordsServices } from './records-services';
import { createSellingServices } from './selling-services';

export interface Dependencies {
  config: Config;
  db: Database;
  clock: Clock;
  /** Defaults to the provider SMS_PROVIDER names (the outbox table). */
  sms?: SmsProvider;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export type Services = ReturnType<typeof createServices>;

/** Wires the services once; routes and the command line use the same ones. */
export function createServices({ config, db, clock, sms }: Dependencies) {
  const smsProvider = sms ?? new OutboxSmsProvider(db, clock);
  const limits = new RequestLimits(config, clock);
  const users = new UserService(db, clock, config);
  const sessions = new SessionService(db, clock, config, (id) => users.accessOf(id));
  const devices = new DeviceService(db, clock, config);
  const accounts = new AccountService(db, clock);
  const agentSettings = new AgentSettingsService(db);
  const outbox = new SmsOutboxService(db);
  const selling = createSellingServices({ config, db, clock, sms: smsProvider }, { accounts, agentSettings, limits });
  const records = createRecordsServices({ config, db, clock }, { accounts, idempotency: selling.idempotency, trips: selling.trips, pnrGuard: selling.pnrGuard });
  return {
    ...selling,
    ...records,
    users,
    sessions,
    devices,
    accounts,
    agentSettings,
    auth: new AuthService(users, sessions, devices, limits),
    passwords: new PasswordService(db, clock, config, users, sessions, smsProvider, limits),
    profiles: new ProfileService(users, accounts, agentSettings, clock, config.timeZone),
    lookups: new LookupService(db, agentSettings),
    operator: new OperatorService(users, sessions, devices, outbox),
    reports: new ReportsService(db, clock, config),
    retention: new RetentionService(db, clock, config),
    maintenance: new MaintenanceService(db, clock),
  };
}
