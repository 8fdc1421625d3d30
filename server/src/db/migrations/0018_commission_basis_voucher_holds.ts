/**
 * Issue #32, items 9 and 10.
 *
 * companies.commission_basis: what an agent's commission is a share of, NET
 * (the fare after the coupon's discount: what was paid) or GROSS (the fare
 * before it, the old rule). NET by default, so a 100 % coupon sale earns
 * nothing (modules/commission/service.ts seatCommission). A default, so a
 * server of the version before this one still inserts companies (rolling upgrade).
 *
 * voucher_holds: a receipt number getVoucherNo handed a user and that user's
 * next voucher of the company and kind takes (modules/voucher/service.ts).
 * At most one per (company, kind, user), so calling getVoucherNo again answers
 * the same number instead of counting the company's sequence up. A hold past
 * `expires_at` is still its user's until another caller needs a number: then
 * that caller takes it over (the lowest first), so no number the counter gave
 * out is lost, whoever stops calling.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('commission_basis', 'text', (c) =>
      c
        .notNull()
        .defaultTo('NET')
        .check(sql`commission_basis in ('NET', 'GROSS')`),
    )
    .execute();
  await db.schema
    .createTable('voucher_holds')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    /** The counter's number (voucher_counters.last_no when it was given out), not the formatted receipt number. */
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number > 0`))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_holds_pk', ['company_id', 'kind', 'number'])
    .addUniqueConstraint('voucher_holds_user', ['company_id', 'kind', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voucher_holds').ifExists().execute();
  await sql`alter table companies drop column commission_basis`.execute(db);
}
