import type { Profile } from '@agent-portal/contract';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import type { AccountService } from '../account/service';
import type { AgentSettingsService } from '../agent/service';
import type { UserService } from '../user/service';

export class ProfileService {
  constructor(
    private readonly users: UserService,
    private readonly accounts: AccountService,
    private readonly agentSettings: AgentSettingsService,
    private readonly clock: Clock,
    /** The company time zone the portal shows every instant in (TIME_ZONE). */
    private readonly timeZone: string,
  ) {}

  async profile(principal: Principal, companyId: number): Promise<Profile> {
    const user = await this.users.findById(principal.userId);
    if (!user) throw new AppError('INVALID_SESSION');
    const companies = await this.users.companiesOf(user.id);
    const company = companies.find((c) => c.id === companyId);
    if (!company) throw new AppError('COMPANY_NOT_ALLOWED', { companyId });
    if (user.outletId === null || user.outletCode === null || user.outletName === null)
      throw new AppError('BRANCH_NOT_ASSIGNED');
    const [roles, plan, settings] = await Promise.all([
      this.users.rolesOf(user.id),
      this.accounts.planOf(user.agentId, companyId),
      this.agentSettings.settings(user.agentId, companyId),
    ]);
    return {
      username: user.username,
      fullName: user.fullName,
      email: user.email,
      phone: user.phone,
      agent: { id: user.agentId, name: user.agentName, code: user.agentCode },
      outlet: { id: user.outletId, name: user.outletName, code: user.outletCode },
      company,
      passwordValidity: this.users.passwordValidity(user),
      roles: roles.map((r) => ({ name: r.name, permissions: r.permissions.map((name) => ({ name })) })),
      homepage: user.homepage,
      plan,
      ...settings,
      timeZone: this.timeZone,
      serverTime: this.clock.now().toISOString(),
    };
  }
}
