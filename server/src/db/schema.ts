/**
 * The database as Kysely sees it. Times are ISO-8601 UTC strings, booleans
 * are 0/1, money is integer minor units (paisa) in *_minor columns.
 */
import type { Generated, Insertable, Selectable } from 'kysely';
import type { MoneyTables } from './schema-money';
import type { ReservationTables } from './schema-reservations';

type Bool = 0 | 1;

export interface CompaniesTable {
  id: Generated<number>;
  code: string;
  name: string;
  name_bn: string | null;
  active: Generated<Bool>;
  created_at: string;
  /** What commission is a share of: the fare after discount (NET, the default) or before it (migration 0018). */
  commission_basis: Generated<'NET' | 'GROSS'>;
}
export interface CountriesTable {
  id: Generated<number>;
  code: string;
  name: string;
  dial_code: string;
  sort_order: number;
}
export interface CitiesTable {
  id: Generated<number>;
  name: string;
  name_bn: string;
}
export interface StationsTable {
  id: Generated<number>;
  city_id: number;
  name: string;
  name_bn: string;
}
export interface RoutesTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  name: string;
  active: Generated<Bool>;
}
export interface RouteStopsTable {
  id: Generated<number>;
  route_id: number;
  stop_order: number;
  station_id: number;
}
export interface CoachTypesTable {
  id: Generated<number>;
  name: string;
}
export interface CoachesTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  coach_type_id: number;
  active: Generated<Bool>;
}
export interface AgentsTable {
  id: Generated<number>;
  code: string;
  name: string;
  phone: string | null;
  active: Generated<Bool>;
  created_at: string;
}
export interface OutletsTable {
  id: Generated<number>;
  agent_id: number;
  code: string;
  name: string;
  active: Generated<Bool>;
}
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  full_name: string;
  phone: string | null;
  email: string | null;
  active: Generated<Bool>;
  agent_id: number;
  outlet_id: number | null;
  password_changed_at: string;
  password_never_expires: Generated<Bool>;
  homepage: string | null;
  created_at: string;
}
export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
}
export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}
export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}
export interface UserRolesTable {
  user_id: number;
  role_id: number;
}
export interface UserCompaniesTable {
  user_id: number;
  company_id: number;
}
export interface AgentAccountsTable {
  id: Generated<number>;
  agent_id: number;
  company_id: number;
  plan: 'PREPAID' | 'POSTPAID';
  credit_limit_minor: number | null;
  currency_code: string;
  currency_symbol: string;
  created_at: string;
}
export interface LedgerEntriesTable {
  id: Generated<number>;
  account_id: number;
  entry_type: 'CREDIT' | 'DEBIT';
  amount_minor: number;
  balance_after_minor: number;
  kind: string;
  reference: string | null;
  description: string | null;
  created_by_user_id: number | null;
  created_at: string;
}
export interface AgentAssignedRoutesTable {
  agent_id: number;
  route_id: number;
}
export interface AgentRouteCommissionsTable {
  id: Generated<number>;
  agent_id: number;
  route_id: number;
  commission_type: 'PERCENT' | 'FIXED';
  /** Percent in hundredths (250 = 2.5 %) or money per seat in paisa. */
  value_hundredths: number;
}
export interface AgentCoachSeatLimitsTable {
  id: Generated<number>;
  agent_id: number;
  company_id: number;
  coach_type_id: number;
  /** Most active seats on one trip; -999 = no limit. */
  seat_limit: number;
}
export interface AgentBarredCoachesTable {
  agent_id: number;
  coach_id: number;
  reason: string | null;
}
export interface AgentBarredOriginsTable {
  agent_id: number;
  company_id: number;
  station_id: number;
}
export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  company_id: number | null;
  remember: Bool;
  device_id: string | null;
  uuid: string | null;
  client_address: string | null;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
  end_reason: string | null;
}
export interface DevicesTable {
  id: Generated<number>;
  device_id: string;
  device_type: 'AGENT_ANDROID' | 'AGENT_ELECTRON';
  status: 'PENDING' | 'APPROVED' | 'INACTIVE';
  licence_key: string | null;
  registered_at: string;
  updated_at: string;
  /**
   * SHA-256 (hex) of the secret handed to the device that registered first (0010_device_secret); null for older rows.
   */
  secret_hash: string | null;
  /** SHA-256 (hex) of the install uuid the device is bound to (0016); null until its first sign-in once approved. */
  bound_uuid_hash: string | null;
  bound_at: string | null;
}
/** Resend cool-down of usernames that get no OTP, by a hash of the normalised name (0016). */
export interface OtpCooldownsTable {
  name_hash: string;
  sent_at: string;
}
export interface OtpsTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'PASSWORD_RESET';
  /** sha256(salt + code) as salt$hex */
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
  consumed_at: string | null;
  voided_at: string | null;
}
export interface SmsOutboxTable {
  id: Generated<number>;
  to_phone: string;
  text: string;
  user_id: number | null;
  purpose: string;
  created_at: string;
  /** The text with its code or PIN masked, until the retention job puts it in place of the text (migration 0011). */
  masked_text: string | null;
}
export interface DelayedCancelReasonsTable {
  id: Generated<number>;
  reason: string;
  reason_bn: string;
  sort_order: number;
  active: Generated<Bool>;
}

/** Server-wide operator settings, one row per key (migration 0013). */
export interface ServerSettingsTable {
  key: string;
  value: string;
  message: string | null;
  updated_at: string;
}

export interface DB extends ReservationTables, MoneyTables {
  server_settings: ServerSettingsTable;
  companies: CompaniesTable;
  countries: CountriesTable;
  cities: CitiesTable;
  stations: StationsTable;
  routes: RoutesTable;
  route_stops: RouteStopsTable;
  coach_types: CoachTypesTable;
  coaches: CoachesTable;
  agents: AgentsTable;
  outlets: OutletsTable;
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  user_companies: UserCompaniesTable;
  agent_accounts: AgentAccountsTable;
  ledger_entries: LedgerEntriesTable;
  agent_assigned_routes: AgentAssignedRoutesTable;
  agent_route_commissions: AgentRouteCommissionsTable;
  agent_coach_seat_limits: AgentCoachSeatLimitsTable;
  agent_barred_coaches: AgentBarredCoachesTable;
  agent_barred_origins: AgentBarredOriginsTable;
  sessions: SessionsTable;
  devices: DevicesTable;
  otps: OtpsTable;
  otp_cooldowns: OtpCooldownsTable;
  sms_outbox: SmsOutboxTable;
  delayed_cancel_reasons: DelayedCancelReasonsTable;
  live_outbox: LiveOutboxTable;
}

/** Live messages committed by a process without streams, for the server's (migration 0020, db/live-outbox.ts). */
export interface LiveOutboxTable {
  id: Generated<number>;
  message: string;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type OtpRow = Selectable<OtpsTable>;
export type NewLedgerEntry = Insertable<LedgerEntriesTable>;
