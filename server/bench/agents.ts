import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { hashPassword } from '../src/lib/password-hash';

const PASSWORD = 'Bench@123';

/**
 * One demo agent per simulated counter: its own outlet, a MEGHNA prepaid
 * account with a large balance, every MEGHNA route, every permission, no
 * seat limit, created `at` (the server's clock). Only ever written into a
 * scratch database (the bench's, server/test/durability/kill.test.ts).
 */
export async function createBenchAgents(
  db: Database,
  count: number,
  config: Config,
  at: Date = new Date(),
): Promise<{ username: string; password: string }[]> {
  const hash = await hashPassword(PASSWORD, config.passwordHashCost);
  const now = at.toISOString();
  const company = await db.selectFrom('companies').select('id').where('code', '=', 'MEGHNA').executeTakeFirstOrThrow();
  const routes = await db.selectFrom('routes').select('id').where('company_id', '=', company.id).execute();
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'Agent Administrator')
    .executeTakeFirstOrThrow();
  const users: { username: string; password: string }[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 1; i <= count; i += 1) {
      const code = `BENCH-${String(i).padStart(3, '0')}`;
      const { id: agentId } = await trx
        .insertInto('agents')
        .values({ code, name: `Bench counter ${i}`, phone: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: outletId } = await trx
        .insertInto('outlets')
        .values({ agent_id: agentId, code: `OUT-${code}`, name: `Bench outlet ${i}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: accountId } = await trx
        .insertInto('agent_accounts')
        .values({
          agent_id: agentId,
          company_id: company.id,
          plan: 'PREPAID',
          credit_limit_minor: null,
          currency_code: 'BDT',
          currency_symbol: '৳',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ledger_entries')
        .values({
          account_id: accountId,
          entry_type: 'CREDIT',
          amount_minor: 100_000_000_00,
          balance_after_minor: 100_000_000_00,
          kind: 'OPENING_DEPOSIT',
          reference: null,
          description: 'Bench float',
          created_by_user_id: null,
          created_at: now,
        })
        .execute();
      for (const r of routes) {
        await trx.insertInto('agent_assigned_routes').values({ agent_id: agentId, route_id: r.id }).execute();
        await trx
          .insertInto('agent_route_commissions')
          .values({ agent_id: agentId, route_id: r.id, commission_type: 'PERCENT', value_hundredths: 300 })
          .execute();
      }
      const username = `bench${i}`;
      const { id: userId } = await trx
        .insertInto('users')
        .values({
          username,
          password_hash: hash,
          full_name: `Bench ${i}`,
          phone: null,
          email: null,
          agent_id: agentId,
          outlet_id: outletId,
          password_changed_at: now,
          password_never_expires: 1,
          homepage: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_roles').values({ user_id: userId, role_id: role.id }).execute();
      await trx.insertInto('user_companies').values({ user_id: userId, company_id: company.id }).execute();
      users.push({ username, password: PASSWORD });
    }
  });
  return users;
}
