/**
 * Money and records (issue #5): deposit requests, extra weight charges,
 * vouchers and their counters, and the indexes that keep a page of every
 * records list fast on a large ledger. Frozen once released: later changes
 * go into new migrations.
 */
import { sql, type Kysely } from 'kysely';
import { createRowTrigger, dropRowTrigger, withoutRowid } from './engine-sql';

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
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING', 'APPROVED', 'REJECTED')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('employee', 'text')
    .addColumn('ledger_entry_id', 'integer', (c) => c.references('ledger_entries.id'))
    .execute();
  // Unique per agent whatever the case or company: the same bank slip must not be credited twice.
  await sql`create unique index deposit_requests_reference_unique on deposit_requests (agent_id, reference_number collate nocase)`.execute(
    db,
  );
  await sql`create index deposit_requests_list_idx on deposit_requests (agent_id, company_id, created_at, id)`.execute(
    db,
  );
  await sql`create index deposit_requests_status_idx on deposit_requests (agent_id, company_id, status, created_at, id)`.execute(
    db,
  );
  await sql`create index deposit_requests_pending_idx on deposit_requests (status, id)`.execute(db);
  await sql`create index deposit_requests_ledger_idx on deposit_requests (ledger_entry_id) where ledger_entry_id is not null`.execute(
    db,
  );

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
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status in ('ACTIVE', 'CANCELLED')`),
    )
    .addColumn('print_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_print_type', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('cancelled_by_user_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await sql`create index extra_weight_charges_list_idx on extra_weight_charges (agent_id, company_id, created_at, id)`.execute(
    db,
  );
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

  // The records lists read a page of rows through these (an agent's account, or agent and company, by time).
  // Every index here is paid for on each sale's insert, so a filter that keeps most rows (type, paid) walks
  // the time index instead of having its own; a rare reason or a reference number gets one.
  await sql`create index ledger_entries_account_time_idx on ledger_entries (account_id, created_at, id)`.execute(db);
  await sql`create index ledger_entries_account_kind_idx on ledger_entries (account_id, kind, created_at, id)`.execute(
    db,
  );
  await sql`create index ledger_entries_reference_idx on ledger_entries (reference)`.execute(db);
  await sql`create index commissions_list_idx on commissions (agent_id, company_id, created_at, id)`.execute(db);
  // Unprinted tickets: a small partial index of the never-printed rows.
  await sql`create index reservations_unprinted_idx on reservations (agent_id, company_id, id) where print_count = 0`.execute(
    db,
  );

  // Daily (UTC) counts and sums, kept by triggers in the writing
  // transaction: a list's totals, and where its page N starts, come from
  // about one row per day of the range instead of a scan of every matching
  // row (a busy agent's year can be a million rows). The partial UTC days at
  // the ends of a local date range are counted from the rows (lib/day-chunks).
  // bigint: SQLite reads it as its (64-bit) integer; PostgreSQL's integer would be 32 bits.
  await sql`create table ledger_daily (
    account_id bigint not null, day text not null, entry_type text not null, kind text not null,
    n bigint not null, amount_minor bigint not null,
    primary key (account_id, day, entry_type, kind))${withoutRowid(db)}`.execute(db);
  await sql`insert into ledger_daily (account_id, day, entry_type, kind, n, amount_minor)
    select account_id, substr(created_at, 1, 10), entry_type, kind, count(*), sum(amount_minor) from ledger_entries group by 1, 2, 3, 4`.execute(
    db,
  );
  await createRowTrigger(db, {
    name: 'ledger_entries_daily',
    table: 'ledger_entries',
    timing: 'after',
    event: 'insert',
    body: `insert into ledger_daily (account_id, day, entry_type, kind, n, amount_minor)
      values (new.account_id, substr(new.created_at, 1, 10), new.entry_type, new.kind, 1, new.amount_minor)
      on conflict (account_id, day, entry_type, kind) do update set n = ledger_daily.n + 1, amount_minor = ledger_daily.amount_minor + excluded.amount_minor`,
  });

  await sql`create table commission_daily (
    agent_id bigint not null, company_id bigint not null, day text not null, paid bigint not null,
    n bigint not null, amount_minor bigint not null,
    primary key (agent_id, company_id, day, paid))${withoutRowid(db)}`.execute(db);
  await sql`insert into commission_daily (agent_id, company_id, day, paid, n, amount_minor)
    select agent_id, company_id, substr(created_at, 1, 10), paid, count(*), sum(amount_minor) from commissions group by 1, 2, 3, 4`.execute(
    db,
  );
  const addToDay = `insert into commission_daily (agent_id, company_id, day, paid, n, amount_minor)
      values (new.agent_id, new.company_id, substr(new.created_at, 1, 10), new.paid, 1, new.amount_minor)
      on conflict (agent_id, company_id, day, paid) do update set n = commission_daily.n + 1, amount_minor = commission_daily.amount_minor + excluded.amount_minor`;
  const takeFromDay = `update commission_daily set n = n - 1, amount_minor = amount_minor - old.amount_minor
      where agent_id = old.agent_id and company_id = old.company_id and day = substr(old.created_at, 1, 10) and paid = old.paid`;
  await createRowTrigger(db, {
    name: 'commissions_daily_insert',
    table: 'commissions',
    timing: 'after',
    event: 'insert',
    body: addToDay,
  });
  // Settlement flips paid: the row moves from one bucket to the other.
  await createRowTrigger(db, {
    name: 'commissions_daily_update',
    table: 'commissions',
    timing: 'after',
    event: 'update of paid, amount_minor, created_at',
    body: `${takeFromDay}; ${addToDay}`,
  });
  await createRowTrigger(db, {
    name: 'commissions_daily_delete',
    table: 'commissions',
    timing: 'after',
    event: 'delete',
    body: takeFromDay,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTrigger(db, 'ledger_entries_daily', 'ledger_entries');
  for (const trigger of ['commissions_daily_insert', 'commissions_daily_update', 'commissions_daily_delete'])
    await dropRowTrigger(db, trigger, 'commissions');
  for (const index of [
    'ledger_entries_account_time_idx',
    'ledger_entries_account_kind_idx',
    'ledger_entries_reference_idx',
    'commissions_list_idx',
    'reservations_unprinted_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const table of [
    'commission_daily',
    'ledger_daily',
    'vouchers',
    'voucher_counters',
    'extra_weight_charges',
    'deposit_requests',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
