import type { DeviceStatus } from '@agent-portal/contract';
import { AppError } from '../../http/app-error';
import type { DeviceService } from '../device/service';
import type { SessionService } from '../session/service';
import type { SmsOutboxService } from '../sms/service';
import type { UserService } from '../user/service';

/**
 * What the agency's operator does from the command line. Agents never
 * reach these through the API.
 */
export class OperatorService {
  constructor(
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly devices: DeviceService,
    private readonly outbox: SmsOutboxService,
  ) {}

  private async user(username: string) {
    const user = await this.users.findByUsername(username);
    if (!user) throw new AppError('USER_NOT_FOUND', { username });
    return user;
  }

  async listUsers() {
    const users = await this.users.listAll();
    return Promise.all(
      users.map(async (u) => ({
        ...u,
        companies: (await this.users.companiesOf(u.id)).map((c) => c.code),
        passwordValidity: this.users.passwordValidity(u),
        openSessions: await this.sessions.countOpen(u.id),
      })),
    );
  }

  /** Deactivating a user ends every session of theirs at once. */
  async setUserActive(username: string, active: boolean): Promise<{ username: string; sessionsEnded: number }> {
    const user = await this.user(username);
    await this.users.setActive(user.id, active);
    const sessionsEnded = active ? 0 : await this.sessions.endAllForUser(user.id, 'USER_DEACTIVATED');
    return { username: user.username, sessionsEnded };
  }

  /** Deactivating an agent ends the sessions of all its users. */
  async setAgentActive(agentCode: string, active: boolean): Promise<{ agentCode: string; sessionsEnded: number }> {
    const agent = await this.users.findAgentByCode(agentCode);
    if (!agent) throw new AppError('AGENT_NOT_FOUND', { agentCode });
    await this.users.setAgentActive(agent.id, active);
    const sessionsEnded = active ? 0 : await this.sessions.endAllForAgent(agent.id, 'AGENT_DEACTIVATED');
    return { agentCode: agent.code, sessionsEnded };
  }

  /** Closing an outlet (a branch) ends the sessions of all its users; their next request answers BRANCH_INACTIVE. */
  async setOutletActive(outletCode: string, active: boolean): Promise<{ outletCode: string; sessionsEnded: number }> {
    const outlet = await this.users.findOutletByCode(outletCode);
    if (!outlet) throw new AppError('BRANCH_NOT_FOUND', { outletCode });
    await this.users.setOutletActive(outlet.id, active);
    const sessionsEnded = active ? 0 : await this.sessions.endAllForOutlet(outlet.id, 'OUTLET_DEACTIVATED');
    return { outletCode: outlet.code, sessionsEnded };
  }

  async endSessions(username: string): Promise<{ username: string; sessionsEnded: number }> {
    const user = await this.user(username);
    return { username: user.username, sessionsEnded: await this.sessions.endAllForUser(user.id, 'ENDED_BY_OPERATOR') };
  }

  listDevices() {
    return this.devices.listAll();
  }

  async setDeviceStatus(deviceId: string, status: DeviceStatus) {
    const device = await this.devices.setStatus(deviceId, status);
    const sessionsEnded =
      status === 'APPROVED' ? 0 : await this.sessions.endAllForDevice(deviceId, 'DEVICE_DEACTIVATED');
    return { device, sessionsEnded };
  }

  /** A reinstalled PC: the device's next sign-in binds it to the new install; the old install's sessions end. */
  async resetDeviceBinding(deviceId: string) {
    const device = await this.devices.resetBinding(deviceId);
    const sessionsEnded = await this.sessions.endAllForDevice(deviceId, 'DEVICE_BINDING_RESET');
    return { device, sessionsEnded };
  }

  outboxMessages(limit: number, username?: string) {
    return this.outbox.last(limit, username);
  }
}
