/**
 * Foundation schema (issue #2): reference data, agents and users, access,
 * accounts and ledger, agent settings, sessions, devices, OTPs and SMS.
 * Frozen: later changes go into new migrations, never here. It uses
 * Kysely<any> on purpose so it does not follow later edits of schema.ts.
 */
import { sql, type Kysely } from 'kysely';
import { createNocaseCollation, createRowTrigger, nowIsoDefault, refuseStatement } from './engine-sql';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  const id = (col: any) => col.primaryKey().autoIncrement();
  const now = nowIsoDefault(db);
  await createNocaseCollation(db);

  await db.schema
    .createTable('companies')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_bn', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('countries')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dial_code', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cities')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('name_bn', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stations')
    .addColumn('id', 'integer', id)
    .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_bn', 'text', (c) => c.notNull())
    .addUniqueConstraint('stations_city_name_unique', ['city_id', 'name'])
    .execute();

  await db.schema
    .createTable('routes')
    .addColumn('id', 'integer', id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('routes_company_code_unique', ['company_id', 'code'])
    .execute();

  await db.schema
    .createTable('route_stops')
    .addColumn('id', 'integer', id)
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id').onDelete('cascade'))
    .addColumn('stop_order', 'integer', (c) => c.notNull())
    .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id'))
    .addUniqueConstraint('route_stops_order_unique', ['route_id', 'stop_order'])
    .addUniqueConstraint('route_stops_station_unique', ['route_id', 'station_id'])
    .execute();

  await db.schema
    .createTable('coach_types')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  // Seat layouts arrive in a later migration as their own table keyed by coach.
  await db.schema
    .createTable('coaches')
    .addColumn('id', 'integer', id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('coach_type_id', 'integer', (c) => c.notNull().references('coach_types.id'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('coaches_company_code_unique', ['company_id', 'code'])
    .execute();

  await db.schema
    .createTable('agents')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('outlets')
    .addColumn('id', 'integer', id)
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id)
    .addColumn('username', 'text', (c) =>
      c
        .notNull()
        .unique()
        .modifyEnd(sql`collate nocase`),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('outlet_id', 'integer', (c) => c.references('outlets.id'))
    .addColumn('password_changed_at', 'text', (c) => c.notNull())
    .addColumn('password_never_expires', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('homepage', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .execute();

  await db.schema
    .createTable('permissions')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('user_companies')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addPrimaryKeyConstraint('user_companies_pk', ['user_id', 'company_id'])
    .execute();

  await db.schema
    .createTable('agent_accounts')
    .addColumn('id', 'integer', id)
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('PREPAID', 'POSTPAID')`))
    .addColumn('credit_limit_minor', 'integer', (c) =>
      c.check(sql`credit_limit_minor is null or credit_limit_minor >= 0`),
    )
    .addColumn('currency_code', 'text', (c) => c.notNull().defaultTo('BDT'))
    .addColumn('currency_symbol', 'text', (c) => c.notNull().defaultTo('৳'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('agent_accounts_agent_company_unique', ['agent_id', 'company_id'])
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('agent_accounts.id'))
    .addColumn('entry_type', 'text', (c) => c.notNull().check(sql`entry_type in ('CREDIT', 'DEBIT')`))
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('balance_after_minor', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('description', 'text')
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_account_idx')
    .on('ledger_entries')
    .columns(['account_id', 'id'])
    .execute();
  // Append-only: the database itself refuses to rewrite history.
  for (const event of ['update', 'delete']) {
    await createRowTrigger(db, {
      name: `ledger_entries_no_${event}`,
      table: 'ledger_entries',
      timing: 'before',
      event,
      body: refuseStatement(db, 'ledger_entries is append-only'),
    });
  }

  await db.schema
    .createTable('agent_assigned_routes')
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id'))
    .addPrimaryKeyConstraint('agent_assigned_routes_pk', ['agent_id', 'route_id'])
    .execute();

  await db.schema
    .createTable('agent_route_commissions')
    .addColumn('id', 'integer', id)
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id'))
    .addColumn('commission_type', 'text', (c) => c.notNull().check(sql`commission_type in ('PERCENT', 'FIXED')`))
    .addColumn('value_hundredths', 'integer', (c) => c.notNull().check(sql`value_hundredths >= 0`))
    .addUniqueConstraint('agent_route_commissions_unique', ['agent_id', 'route_id'])
    .execute();

  await db.schema
    .createTable('agent_coach_seat_limits')
    .addColumn('id', 'integer', id)
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('coach_type_id', 'integer', (c) => c.notNull().references('coach_types.id'))
    .addColumn('seat_limit', 'integer', (c) => c.notNull().check(sql`seat_limit >= 0 or seat_limit = -999`))
    .addUniqueConstraint('agent_coach_seat_limits_unique', ['agent_id', 'company_id', 'coach_type_id'])
    .execute();

  await db.schema
    .createTable('agent_barred_coaches')
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('coaches.id'))
    .addColumn('reason', 'text')
    .addPrimaryKeyConstraint('agent_barred_coaches_pk', ['agent_id', 'coach_id'])
    .execute();

  await db.schema
    .createTable('agent_barred_origins')
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id'))
    .addPrimaryKeyConstraint('agent_barred_origins_pk', ['agent_id', 'company_id', 'station_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', id)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('device_id', 'text')
    .addColumn('uuid', 'text')
    .addColumn('client_address', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'ended_at']).execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'integer', id)
    .addColumn('device_id', 'text', (c) => c.notNull().unique())
    .addColumn('device_type', 'text', (c) => c.notNull().check(sql`device_type in ('AGENT_ANDROID', 'AGENT_ELECTRON')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PENDING', 'APPROVED', 'INACTIVE')`))
    .addColumn('licence_key', 'text', (c) => c.unique())
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('otps')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('consumed_at', 'text')
    .addColumn('voided_at', 'text')
    .execute();
  await db.schema.createIndex('otps_user_idx').on('otps').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'integer', id)
    .addColumn('to_phone', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('delayed_cancel_reasons')
    .addColumn('id', 'integer', id)
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reason_bn', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'delayed_cancel_reasons',
    'sms_outbox',
    'otps',
    'devices',
    'sessions',
    'agent_barred_origins',
    'agent_barred_coaches',
    'agent_coach_seat_limits',
    'agent_route_commissions',
    'agent_assigned_routes',
    'ledger_entries',
    'agent_accounts',
    'user_companies',
    'user_roles',
    'role_permissions',
    'permissions',
    'roles',
    'users',
    'outlets',
    'agents',
    'coaches',
    'coach_types',
    'route_stops',
    'routes',
    'stations',
    'cities',
    'countries',
    'companies',
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
