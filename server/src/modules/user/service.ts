import type { Permission } from '@agent-portal/contract';
import type { Config } from '../../config';
import type { Units } from '../../db/units';
import { DAY_MS, type Clock } from '../../lib/clock';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password-hash';
import { UserRepository, type UserWithOrg } from './repository';

export type { UserWithOrg };

/** What a session needs to know about its user on each request. */
export interface UserAccess {
  userId: number;
  username: string;
  active: boolean;
  agentId: number;
  agentActive: boolean;
  outletId: number | null;
  /** The outlet's active flag; null without an outlet. */
  outletActive: boolean | null;
  /** When the password expires (ms), null when it never does: a session is refused then, as a sign-in is. */
  passwordExpiresAtMs: number | null;
  companyIds: number[];
  permissions: Set<Permission>;
}

export class UserService {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {}

  findByUsername(username: string): Promise<UserWithOrg | null> {
    return this.units.read((r) => r.repo(UserRepository).findByUsername(username.trim()));
  }

  findById(id: number): Promise<UserWithOrg | null> {
    return this.units.read((r) => r.repo(UserRepository).findById(id));
  }

  listAll(): Promise<UserWithOrg[]> {
    return this.units.read((r) => r.repo(UserRepository).listAll());
  }

  companiesOf(userId: number) {
    return this.units.read((r) => r.repo(UserRepository).companiesOf(userId));
  }

  rolesOf(userId: number) {
    return this.units.read((r) => r.repo(UserRepository).rolesOf(userId));
  }

  async accessOf(userId: number): Promise<UserAccess | null> {
    const user = await this.units.read((r) => r.repo(UserRepository).findById(userId));
    if (!user) return null;
    const [companies, roles] = await Promise.all([
      this.units.read((r) => r.repo(UserRepository).companiesOf(userId)),
      this.units.read((r) => r.repo(UserRepository).rolesOf(userId)),
    ]);
    return {
      userId: user.id,
      username: user.username,
      active: user.active,
      agentId: user.agentId,
      agentActive: user.agentActive,
      outletId: user.outletId,
      outletActive: user.outletActive,
      passwordExpiresAtMs: this.passwordExpiresAt(user),
      companyIds: companies.map((c) => c.id),
      permissions: new Set(roles.flatMap((r) => r.permissions)),
    };
  }

  /** The instant (ms) the password expires, null if it never does; expired from then on (passwordValidity <= 0). */
  passwordExpiresAt(user: Pick<UserWithOrg, 'passwordChangedAt' | 'passwordNeverExpires'>): number | null {
    if (user.passwordNeverExpires) return null;
    return new Date(user.passwordChangedAt).getTime() + this.config.passwordValidityDays * DAY_MS;
  }

  /**
   * Whole days left before the password expires, rounded up: a password is
   * good until the instant it expires, and 0 or less means expired. A
   * never-expiring password always reports the full validity.
   */
  passwordValidity(user: Pick<UserWithOrg, 'passwordChangedAt' | 'passwordNeverExpires'>): number {
    const expiresAt = this.passwordExpiresAt(user);
    if (expiresAt === null) return this.config.passwordValidityDays;
    return Math.ceil((expiresAt - this.clock.now().getTime()) / DAY_MS);
  }

  /** Checks a password; for an unknown user it spends the same time on a dummy hash. */
  async checkPassword(user: UserWithOrg | null, password: string): Promise<boolean> {
    if (!user) {
      this.dummyHash ??= hashPassword('not-a-real-password', this.config.passwordHashCost);
      await verifyPassword(password, await this.dummyHash);
      return false;
    }
    return verifyPassword(password, user.passwordHash);
  }

  /** After a right password: a hash made at another cost is made again at PASSWORD_HASH_COST (the expiry stays). */
  async upgradeHash(user: UserWithOrg, password: string): Promise<void> {
    if (!needsRehash(user.passwordHash, this.config.passwordHashCost)) return;
    const hash = await hashPassword(password, this.config.passwordHashCost);
    await this.units.run((uow) => uow.repo(UserRepository).replaceHash(user.id, user.passwordHash, hash));
  }

  async setPassword(userId: number, password: string): Promise<void> {
    const hash = await hashPassword(password, this.config.passwordHashCost);
    await this.units.run((uow) => uow.repo(UserRepository).setPassword(userId, hash, this.clock.now().toISOString()));
  }

  setActive(userId: number, active: boolean): Promise<void> {
    return this.units.run((uow) => uow.repo(UserRepository).setActive(userId, active));
  }

  setAgentActive(agentId: number, active: boolean): Promise<void> {
    return this.units.run((uow) => uow.repo(UserRepository).setAgentActive(agentId, active));
  }

  findAgentByCode(code: string) {
    return this.units.read((r) => r.repo(UserRepository).findAgentByCode(code));
  }

  setOutletActive(outletId: number, active: boolean): Promise<void> {
    return this.units.run((uow) => uow.repo(UserRepository).setOutletActive(outletId, active));
  }

  findOutletByCode(code: string) {
    return this.units.read((r) => r.repo(UserRepository).findOutletByCode(code));
  }
}
