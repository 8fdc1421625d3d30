/**
 * Money and records (issue #5): deposit requests, extra weight charges,
 * vouchers and their counters, and the indexes that keep a page of every
 * records list fast on a large ledger. Frozen once released: later changes
 * go into new migrations.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deposit_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('outlet_id', 'integer', (c) => c.references('outlets.id'))
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('reference_number', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('remarks', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'APPROVED', 'REJECTED')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('employee', 'text')
    .addColumn('ledger_entry_id', 'integer', (c) => c.references('ledger_entries.id'))
    .execute();
  // Unique per agent whatever the case or company: the same bank slip must not be credited twice.
  await sql`create unique index deposit_requests_reference_unique on deposit_requests (agent_id, reference_number collate nocase)`.execute(db);
  await sql`create index deposit_requests_list_idx on deposit_requests (agent_id, company_id, created_at, id)`.execute(db);
  await sql`create index deposit_requests_status_idx on deposit_requests (agent_id, company_id, status, created_at, id)`.execute(db);
  await sql`create index deposit_requests_pending_idx on deposit_requests (status, id)`.execute(db);
  await sql`create index deposit_requests_ledger_idx on deposit_requests (ledger_entry_id) where ledger_entry_id is not null`.execute(db);

  await db.schema
    .createTable('extra_weight_charges')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('pnr', 'text', (c) => c.notNull().unique())
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('outlet_id', 'integer', (c) => c.references('outlets.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE').check(sql`status in ('ACTIVE', 'CANCELLED')`))
    .addColumn('print_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_print_type', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('cancelled_by_user_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await sql`create index extra_weight_charges_list_idx on extra_weight_charges (agent_id, company_id, created_at, id)`.execute(db);
  await sql`create index extra_weight_charges_reservation_idx on extra_weight_charges (reservation_id, id)`.execute(db);

  await db.schema
    .createTable('voucher_counters')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('last_no', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_counters_pk', ['company_id', 'kind'])
    .execute();
  await db.schema
    .createTable('vouchers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('voucher_no', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('remarks', 'text')
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index vouchers_record_unique on vouchers (company_id, kind, reference_id)`.execute(db);

  // The records lists: one agent's account (or agent and company) over a date range, newest first.
  await sql`create index ledger_entries_account_time_idx on ledger_entries (account_id, created_at, id)`.execute(db);
  // Credit totals read only the credit rows of a range (debits follow from the balances).
  await sql`create index ledger_entries_account_type_idx on ledger_entries (account_id, entry_type, created_at, amount_minor)`.execute(db);
  await sql`create index ledger_entries_account_kind_idx on ledger_entries (account_id, kind, created_at, id)`.execute(db);
  await sql`create index ledger_entries_reference_idx on ledger_entries (reference)`.execute(db);
  await sql`create index commissions_list_idx on commissions (agent_id, company_id, created_at, id, paid, amount_minor)`.execute(db);
  // Settlement walks one agent's unpaid rows only.
  await sql`create index commissions_unpaid_idx on commissions (agent_id, created_at) where paid = 0`.execute(db);
  // Unprinted tickets: a small partial index of the never-printed rows.
  await sql`create index reservations_unprinted_idx on reservations (agent_id, company_id, id) where print_count = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'ledger_entries_account_time_idx',
    'ledger_entries_account_type_idx',
    'ledger_entries_account_kind_idx',
    'ledger_entries_reference_idx',
    'commissions_list_idx',
    'commissions_unpaid_idx',
    'reservations_unprinted_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const table of ['vouchers', 'voucher_counters', 'extra_weight_charges', 'deposit_requests']) await db.schema.dropTable(table).ifExists().execute();
}
