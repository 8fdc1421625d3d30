import type { LoginResponse } from '@agent-portal/contract';
import { AppError } from '../../http/app-error';
import type { RequestLimits } from '../../lib/request-limits';
import type { DeviceService } from '../device/service';
import type { SessionService } from '../session/service';
import type { UserService } from '../user/service';

export interface LoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
  deviceId?: string | undefined;
  uuid?: string | undefined;
  clientAddress: string;
}

export class AuthService {
  constructor(
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly devices: DeviceService,
    private readonly limits: RequestLimits,
  ) {}

  /**
   * Signs a user in. Unknown user and wrong password answer the same
   * BAD_CREDENTIALS after the same hashing work; account-state refusals come
   * only after the password is right, so they reveal nothing to a guesser.
   */
  async login(input: LoginInput): Promise<LoginResponse> {
    this.limits.checkLogin(input.username, input.clientAddress);
    const user = await this.users.findByUsername(input.username);
    const passwordOk = await this.users.checkPassword(user, input.password);
    if (!user || !passwordOk) throw new AppError('BAD_CREDENTIALS');
    if (!user.active) throw new AppError('USER_INACTIVE');
    if (!user.agentActive) throw new AppError('AGENT_INACTIVE');
    if (user.outletId === null) throw new AppError('BRANCH_NOT_ASSIGNED');
    if (!user.outletActive) throw new AppError('BRANCH_INACTIVE');
    const companies = await this.users.companiesOf(user.id);
    if (companies.length === 0) throw new AppError('NO_ALLOWED_COMPANY_FOUND');
    if (this.users.passwordValidity(user) <= 0) throw new AppError('PASSWORD_EXPIRED');
    await this.devices.assertMaySignIn(input.deviceId);
    return this.sessions.create({
      userId: user.id,
      remember: input.rememberMe,
      deviceId: input.deviceId,
      uuid: input.uuid,
      clientAddress: input.clientAddress,
    });
  }

  logout(sessionId: number): Promise<void> {
    return this.sessions.end(sessionId, 'LOGOUT');
  }
}
