import { PERMISSIONS } from '@agent-portal/contract';
import type { Config } from '../../config';
import { DAY_MS, type Clock } from '../../lib/clock';
import { toHundredths, toMinor } from '../../lib/money';
import { hashPassword } from '../../lib/password-hash';
import { dropEverything, migrateToLatest, type Database } from '../database';
import {
  DEMO_ACCOUNTS,
  DEMO_AGENTS,
  DEMO_CITIES,
  DEMO_COACHES,
  DEMO_COACH_TYPES,
  DEMO_COMPANIES,
  DEMO_COUNTRIES,
  DEMO_DELAYED_CANCEL_REASONS,
  DEMO_ROLES,
  DEMO_ROUTES,
  DEMO_USERS,
} from './demo-world';
import { seedDemoRecords } from './records';
import { ensureSellingWorld } from './selling';
import { runUnit, Unit } from '../units';

export { DEMO_USERS };

function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo seed: unknown ${what} ${key}`);
  return value;
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/**
 * Writes the demo world into an empty, migrated database, in one
 * transaction. Everything but password salts and timestamps is the same on
 * every run.
 */
export async function seedDemoWorld(db: Database, deps: { clock: Clock; config: Config }): Promise<void> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const hashes = new Map<string, string>();
  for (const user of DEMO_USERS)
    hashes.set(user.username, await hashPassword(user.password, deps.config.passwordHashCost));

  await runUnit(db, async (uow) => {
    const trx = Unit.transactionOf(uow);
    const companyIds = new Map<string, number>();
    for (const c of DEMO_COMPANIES) {
      const { id } = await trx
        .insertInto('companies')
        .values({ code: c.code, name: c.name, name_bn: c.nameBn, created_at: nowIso })
        .returning('id')
        .executeTakeFirstOrThrow();
      companyIds.set(c.code, id);
    }
    await trx
      .insertInto('countries')
      .values(DEMO_COUNTRIES.map((c, i) => ({ code: c.code, name: c.name, dial_code: c.dialCode, sort_order: i + 1 })))
      .execute();

    const stationIds = new Map<string, number>();
    for (const city of DEMO_CITIES) {
      const { id: cityId } = await trx
        .insertInto('cities')
        .values({ name: city.name, name_bn: city.nameBn })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const s of city.stations) {
        const { id } = await trx
          .insertInto('stations')
          .values({ city_id: cityId, name: s.name, name_bn: s.nameBn })
          .returning('id')
          .executeTakeFirstOrThrow();
        stationIds.set(s.name, id);
      }
    }

    const routeIds = new Map<string, number>();
    for (const r of DEMO_ROUTES) {
      const { id } = await trx
        .insertInto('routes')
        .values({ company_id: lookup(companyIds, r.company, 'company'), code: r.code, name: r.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      routeIds.set(`${r.company}/${r.code}`, id);
      await trx
        .insertInto('route_stops')
        .values(
          r.stops.map((s, i) => ({ route_id: id, stop_order: i + 1, station_id: lookup(stationIds, s, 'station') })),
        )
        .execute();
    }

    const coachTypeIds = new Map<string, number>();
    for (const name of DEMO_COACH_TYPES) {
      const { id } = await trx.insertInto('coach_types').values({ name }).returning('id').executeTakeFirstOrThrow();
      coachTypeIds.set(name, id);
    }
    const coachIds = new Map<string, number>();
    for (const c of DEMO_COACHES) {
      const { id } = await trx
        .insertInto('coaches')
        .values({
          company_id: lookup(companyIds, c.company, 'company'),
          code: c.code,
          coach_type_id: lookup(coachTypeIds, c.type, 'coach type'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      coachIds.set(`${c.company}/${c.code}`, id);
    }

    await trx
      .insertInto('delayed_cancel_reasons')
      .values(
        DEMO_DELAYED_CANCEL_REASONS.map((r, i) => ({ reason: r.reason, reason_bn: r.reasonBn, sort_order: i + 1 })),
      )
      .execute();

    const permissionIds = new Map<string, number>();
    for (const name of PERMISSIONS) {
      const { id } = await trx.insertInto('permissions').values({ name }).returning('id').executeTakeFirstOrThrow();
      permissionIds.set(name, id);
    }
    const roleIds = new Map<string, number>();
    for (const role of DEMO_ROLES) {
      const { id } = await trx
        .insertInto('roles')
        .values({ name: role.name, description: role.description })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleIds.set(role.name, id);
      await trx
        .insertInto('role_permissions')
        .values(role.permissions.map((p) => ({ role_id: id, permission_id: lookup(permissionIds, p, 'permission') })))
        .execute();
    }

    const agentIds = new Map<string, number>();
    const outletIds = new Map<string, number>();
    for (const a of DEMO_AGENTS) {
      const { id } = await trx
        .insertInto('agents')
        .values({ code: a.code, name: a.name, phone: a.phone, created_at: nowIso })
        .returning('id')
        .executeTakeFirstOrThrow();
      agentIds.set(a.code, id);
      for (const o of a.outlets) {
        const row = await trx
          .insertInto('outlets')
          .values({ agent_id: id, code: o.code, name: o.name })
          .returning('id')
          .executeTakeFirstOrThrow();
        outletIds.set(o.code, row.id);
      }
    }

    for (const acc of DEMO_ACCOUNTS) {
      const agentId = lookup(agentIds, acc.agent, 'agent');
      const companyId = lookup(companyIds, acc.company, 'company');
      const { id: accountId } = await trx
        .insertInto('agent_accounts')
        .values({
          agent_id: agentId,
          company_id: companyId,
          plan: acc.plan,
          credit_limit_minor: acc.creditLimit === null ? null : toMinor(acc.creditLimit),
          currency_code: 'BDT',
          currency_symbol: '৳',
          created_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (acc.opening) {
        const amount = toMinor(acc.opening.amount);
        await trx
          .insertInto('ledger_entries')
          .values({
            account_id: accountId,
            entry_type: acc.opening.type,
            amount_minor: amount,
            balance_after_minor: acc.opening.type === 'CREDIT' ? amount : -amount,
            kind: acc.opening.kind,
            reference: `OPEN-${acc.agent}-${acc.company}`,
            description: acc.opening.description,
            created_by_user_id: null,
            created_at: nowIso,
          })
          .execute();
      }
      const route = (code: string) => lookup(routeIds, `${acc.company}/${code}`, 'route');
      for (const code of acc.assignedRoutes) {
        await trx
          .insertInto('agent_assigned_routes')
          .values({ agent_id: agentId, route_id: route(code) })
          .execute();
      }
      for (const c of acc.commissions) {
        await trx
          .insertInto('agent_route_commissions')
          .values({
            agent_id: agentId,
            route_id: route(c.route),
            commission_type: c.type,
            value_hundredths: toHundredths(c.value),
          })
          .execute();
      }
      for (const l of acc.seatLimits) {
        await trx
          .insertInto('agent_coach_seat_limits')
          .values({
            agent_id: agentId,
            company_id: companyId,
            coach_type_id: lookup(coachTypeIds, l.coachType, 'coach type'),
            seat_limit: l.limit,
          })
          .execute();
      }
      for (const b of acc.barredCoaches) {
        await trx
          .insertInto('agent_barred_coaches')
          .values({
            agent_id: agentId,
            coach_id: lookup(coachIds, `${acc.company}/${b.coach}`, 'coach'),
            reason: b.reason,
          })
          .execute();
      }
      for (const station of acc.barredOrigins) {
        await trx
          .insertInto('agent_barred_origins')
          .values({ agent_id: agentId, company_id: companyId, station_id: lookup(stationIds, station, 'station') })
          .execute();
      }
    }

    const validityMs = deps.config.passwordValidityDays * DAY_MS;
    for (const u of DEMO_USERS) {
      const changedAt =
        u.passwordExpiresInDays === null
          ? now
          : new Date(now.getTime() - validityMs + u.passwordExpiresInDays * DAY_MS);
      const { id } = await trx
        .insertInto('users')
        .values({
          username: u.username,
          password_hash: lookup(hashes, u.username, 'user'),
          full_name: u.fullName,
          phone: u.phone,
          email: u.email,
          agent_id: lookup(agentIds, u.agent, 'agent'),
          outlet_id: lookup(outletIds, u.outlet, 'outlet'),
          password_changed_at: changedAt.toISOString(),
          password_never_expires: u.passwordExpiresInDays === null ? 1 : 0,
          homepage: null,
          created_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_roles')
        .values(u.roles.map((r) => ({ user_id: id, role_id: lookup(roleIds, r, 'role') })))
        .execute();
      await trx
        .insertInto('user_companies')
        .values(u.companies.map((c) => ({ user_id: id, company_id: lookup(companyIds, c, 'company') })))
        .execute();
    }
  });
  // Layouts, fares, coupons and 14 days of trips (issue #3).
  await ensureSellingWorld(db, deps);
  // Deposits of the demo agent in every state (issue #5).
  await seedDemoRecords(db, deps.clock);
}

/** Wipes everything (schema included), migrates afresh and seeds the demo world. */
export async function resetDemoWorld(db: Database, deps: { clock: Clock; config: Config }): Promise<void> {
  await dropEverything(db);
  await migrateToLatest(db);
  await seedDemoWorld(db, deps);
}
