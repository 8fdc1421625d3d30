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

  /** Users and addresses that signed in since start (the sessions table remembers older ones). */
  private readonly signedInFrom = new Set<string>();

  /** An address the user has signed in from: strangers' failures for the username do not hold it up. */
  private async knownAddress(userId: number, address: string): Promise<boolean> {
    return this.signedInFrom.has(`${userId} ${address}`) || this.sessions.hasSessionFrom(userId, address);
  }

  /**
   * Signs a user in. Unknown user and wrong password answer the same
   * BAD_CREDENTIALS after the same hashing work; account-state refusals come
   * only after the password is right, so they reveal nothing to a guesser.
   */
  async login(input: LoginInput): Promise<LoginResponse> {
    const user = await this.users.findByUsername(input.username);
    const known = user !== null && (await this.knownAddress(user.id, input.clientAddress));
    this.limits.checkLogin(input.username, input.clientAddress, known);
    const passwordOk = await this.users.checkPassword(user, input.password);
    if (!user || !passwordOk) throw new AppError('BAD_CREDENTIALS');
    this.limits.loginSucceeded(input.username, input.clientAddress, known);
    this.signedInFrom.add(`${user.id} ${input.clientAddress}`);
    if (this.signedInFrom.size > 100_000) this.signedInFrom.clear();
    await this.users.upgradeHash(user, input.password);
    if (!user.active) throw new AppError('USER_INACTIVE');
    if (!user.agentActive) throw new AppError('AGENT_INACTIVE');
    if (user.outletId === null) throw new AppError('BRANCH_NOT_ASSIGNED');
    if (!user.outletActive) throw new AppError('BRANCH_INACTIVE');
    const companies = await this.users.companiesOf(user.id);
    if (companies.length === 0) throw new AppError('NO_ALLOWED_COMPANY_FOUND');
    if (this.users.passwordValidity(user) <= 0) throw new AppError('PASSWORD_EXPIRED');
    await this.devices.assertMaySignIn(input.deviceId, input.uuid);
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
