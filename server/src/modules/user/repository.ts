import { PERMISSIONS, type Permission } from '@agent-portal/contract';
import type { Database } from '../../db/database';

const KNOWN_PERMISSIONS: ReadonlySet<string> = new Set(PERMISSIONS);

export interface UserWithOrg {
  id: number;
  username: string;
  passwordHash: string;
  fullName: string;
  phone: string | null;
  email: string | null;
  active: boolean;
  agentId: number;
  agentCode: string;
  agentName: string;
  agentActive: boolean;
  outletId: number | null;
  outletCode: string | null;
  outletName: string | null;
  outletActive: boolean | null;
  passwordChangedAt: string;
  passwordNeverExpires: boolean;
  homepage: string | null;
}

export class UserRepository {
  constructor(private readonly db: Database) {}

  private baseQuery() {
    return this.db
      .selectFrom('users as u')
      .innerJoin('agents as a', 'a.id', 'u.agent_id')
      .leftJoin('outlets as o', 'o.id', 'u.outlet_id')
      .select([
        'u.id',
        'u.username',
        'u.password_hash',
        'u.full_name',
        'u.phone',
        'u.email',
        'u.active',
        'u.agent_id',
        'a.code as agent_code',
        'a.name as agent_name',
        'a.active as agent_active',
        'u.outlet_id',
        'o.code as outlet_code',
        'o.name as outlet_name',
        'o.active as outlet_active',
        'u.password_changed_at',
        'u.password_never_expires',
        'u.homepage',
      ]);
  }

  private static map(r: {
    id: number;
    username: string;
    password_hash: string;
    full_name: string;
    phone: string | null;
    email: string | null;
    active: number;
    agent_id: number;
    agent_code: string;
    agent_name: string;
    agent_active: number;
    outlet_id: number | null;
    outlet_code: string | null;
    outlet_name: string | null;
    outlet_active: number | null;
    password_changed_at: string;
    password_never_expires: number;
    homepage: string | null;
  }): UserWithOrg {
    return {
      id: r.id,
      username: r.username,
      passwordHash: r.password_hash,
      fullName: r.full_name,
      phone: r.phone,
      email: r.email,
      active: r.active === 1,
      agentId: r.agent_id,
      agentCode: r.agent_code,
      agentName: r.agent_name,
      agentActive: r.agent_active === 1,
      outletId: r.outlet_id,
      outletCode: r.outlet_code,
      outletName: r.outlet_name,
      outletActive: r.outlet_active === null ? null : r.outlet_active === 1,
      passwordChangedAt: r.password_changed_at,
      passwordNeverExpires: r.password_never_expires === 1,
      homepage: r.homepage,
    };
  }

  async findByUsername(username: string): Promise<UserWithOrg | null> {
    // The username column compares without case (collate nocase).
    const row = await this.baseQuery().where('u.username', '=', username).executeTakeFirst();
    return row ? UserRepository.map(row) : null;
  }

  async findById(id: number): Promise<UserWithOrg | null> {
    const row = await this.baseQuery().where('u.id', '=', id).executeTakeFirst();
    return row ? UserRepository.map(row) : null;
  }

  async listAll(): Promise<UserWithOrg[]> {
    const rows = await this.baseQuery().orderBy('u.id').execute();
    return rows.map((r) => UserRepository.map(r));
  }

  /** Active companies the user may work for, in id order. */
  async companiesOf(userId: number): Promise<{ id: number; code: string; name: string }[]> {
    return this.db
      .selectFrom('user_companies as uc')
      .innerJoin('companies as c', 'c.id', 'uc.company_id')
      .where('uc.user_id', '=', userId)
      .where('c.active', '=', 1)
      .select(['c.id', 'c.code', 'c.name'])
      .orderBy('c.id')
      .execute();
  }

  async rolesOf(userId: number): Promise<{ name: string; permissions: Permission[] }[]> {
    const rows = await this.db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .leftJoin('role_permissions as rp', 'rp.role_id', 'r.id')
      .leftJoin('permissions as p', 'p.id', 'rp.permission_id')
      .where('ur.user_id', '=', userId)
      .select(['r.id as roleId', 'r.name as roleName', 'p.name as permission'])
      .orderBy('r.id')
      .orderBy('p.id')
      .execute();
    const roles = new Map<number, { name: string; permissions: Permission[] }>();
    for (const row of rows) {
      const role = roles.get(row.roleId) ?? { name: row.roleName, permissions: [] };
      // A name the contract does not know (added by hand in the database) grants nothing.
      if (row.permission && KNOWN_PERMISSIONS.has(row.permission)) role.permissions.push(row.permission as Permission);
      roles.set(row.roleId, role);
    }
    return [...roles.values()];
  }

  async setPassword(userId: number, passwordHash: string, changedAt: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: changedAt })
      .where('id', '=', userId)
      .execute();
  }

  /** The same password hashed again (another cost): its validity does not restart. */
  async replaceHash(userId: number, oldHash: string, newHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: newHash })
      .where('id', '=', userId)
      .where('password_hash', '=', oldHash)
      .execute();
  }

  async setActive(userId: number, active: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ active: active ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }

  async setAgentActive(agentId: number, active: boolean): Promise<void> {
    await this.db
      .updateTable('agents')
      .set({ active: active ? 1 : 0 })
      .where('id', '=', agentId)
      .execute();
  }

  async findAgentByCode(code: string): Promise<{ id: number; code: string; name: string; active: boolean } | null> {
    const row = await this.db
      .selectFrom('agents')
      .select(['id', 'code', 'name', 'active'])
      .where('code', '=', code)
      .executeTakeFirst();
    return row ? { ...row, active: row.active === 1 } : null;
  }

  async setOutletActive(outletId: number, active: boolean): Promise<void> {
    await this.db
      .updateTable('outlets')
      .set({ active: active ? 1 : 0 })
      .where('id', '=', outletId)
      .execute();
  }

  async findOutletByCode(code: string): Promise<{ id: number; code: string; name: string; active: boolean } | null> {
    const row = await this.db
      .selectFrom('outlets')
      .select(['id', 'code', 'name', 'active'])
      .where('code', '=', code)
      .executeTakeFirst();
    return row ? { ...row, active: row.active === 1 } : null;
  }
}
