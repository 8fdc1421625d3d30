/**
 * Passenger memory per company and per agent; phone numbers in one spelling
 * (issue 13, class 6).
 *
 * known_passengers was one table for everybody, keyed by the phone as typed:
 * any agent read, and overwrote, another company's passengers, and
 * "+8801711223344", "8801711223344" and "01711223344" were three people (and
 * three uses of a coupon limited to one use per phone).
 *
 * - Stored phones are rewritten in the canonical form (reservations'
 *   passenger_phone, coupon_uses.phone), so uses recorded before still count
 *   against the same number. Numbers that are not phone numbers stay as they
 *   were.
 * - The shared memory is dropped rather than handed to anyone (it may hold
 *   another agent's names). Each agent's memory in each company is rebuilt
 *   from its own reservations: per phone, the passenger of its latest sale.
 *
 * The canonical form is copied here from contract/src/phone.ts as it is
 * today: a migration is frozen once released and must not follow later
 * changes of the function.
 */
import { sql, type Kysely } from 'kysely';

// Kysely<any> on purpose, as in 0001: a migration runs on the schema as it was then, not the app's types.
/* eslint-disable @typescript-eslint/no-explicit-any */

const SEPARATORS = /[\s\-().]/g;
const BD_MOBILE = /^(?:\+?880|0)?(1[3-9]\d{8})$/;
const BD_PREFIX = /^(?:\+?880|01)/;
const INTERNATIONAL = /^\+[1-9]\d{5,14}$/;
const LOCAL = /^\d{6,15}$/;

function canonical(raw: string): string | null {
  let value = raw.trim().replace(SEPARATORS, '');
  if (value.startsWith('00')) value = `+${value.slice(2)}`;
  const mobile = BD_MOBILE.exec(value);
  if (mobile) return `+880${mobile[1] as string}`;
  if (BD_PREFIX.test(value)) return null;
  return INTERNATIONAL.test(value) || LOCAL.test(value) ? value : null;
}

/** Rewrites every stored phone that has a canonical form into it; safe to run again. */
export async function normaliseStoredPhones(db: Kysely<any>): Promise<void> {
  for (const [table, column] of [
    ['reservations', 'passenger_phone'],
    ['coupon_uses', 'phone'],
  ] as const) {
    const rows = await sql<{
      phone: string;
    }>`select distinct ${sql.ref(column)} as phone from ${sql.table(table)}`.execute(db);
    for (const { phone } of rows.rows) {
      const fixed = phone ? canonical(phone) : null;
      if (fixed && fixed !== phone)
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${fixed} where ${sql.ref(column)} = ${phone}`.execute(
          db,
        );
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await normaliseStoredPhones(db);
  await db.schema.dropTable('known_passengers').execute();
  await db.schema
    .createTable('known_passengers')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_passengers_pk', ['company_id', 'agent_id', 'phone'])
    .execute();
  // Each agent's own sales, latest per phone; operator holds (no agent) and empty phones teach nothing.
  await sql`insert into known_passengers (company_id, agent_id, phone, country_code, name, email, updated_at)
    select company_id, agent_id, passenger_phone, passenger_country, passenger_name, passenger_email, created_at from (
      select r.*, row_number() over (partition by r.company_id, r.agent_id, r.passenger_phone order by r.created_at desc, r.id desc) as n
      from reservations r where r.agent_id is not null and r.passenger_phone <> ''
    ) latest where n = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The shared table as 0002 made it, empty: nobody's memory goes back into one pool.
  await db.schema.dropTable('known_passengers').execute();
  await db.schema
    .createTable('known_passengers')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
