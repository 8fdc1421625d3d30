import { OTP_LENGTH, passwordFailure } from '@agent-portal/contract';
import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Units } from '../../db/units';
import type { OtpRow } from '../../db/schema';
import { MINUTE_MS, type Clock } from '../../lib/clock';
import { newNumericCode, newSalt, sha256Hex } from '../../lib/ids';
import type { RequestLimits } from '../../lib/request-limits';
import { AppError, fieldError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { SmsProvider } from '../sms/provider';
import type { SessionService } from '../session/service';
import type { UserService, UserWithOrg } from '../user/service';
import { OtpCooldownRepository, OtpRepository } from './repository';

function hashCode(code: string, salt = newSalt()): string {
  return `${salt}$${sha256Hex(`${salt}:${code}`)}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt = '', expected = ''] = stored.split('$');
  const actual = sha256Hex(`${salt}:${code}`);
  return actual.length === expected.length && timingSafeEqual(Buffer.from(actual), Buffer.from(expected));
}

/** ******4567: enough for the user to recognise their phone. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** Compared against when there is no OTP, so an unknown username costs the same work as a known one. */
const NO_OTP_HASH = hashCode('------');

/**
 * Every wrong, unknown or spent code gets this one answer, with no details:
 * an unknown username is answered exactly like a real one.
 */
const invalidOtp = () => new AppError('INVALID_OTP_PROVIDED');

/** A stable stand-in for users who get no SMS, so the answer does not tell who exists. */
function decoyMaskedPhone(username: string): string {
  const digits = sha256Hex(`decoy:${username.toLowerCase()}`).replace(/\D/g, '').padEnd(4, '0');
  return `*********${digits.slice(0, 4)}`;
}

interface NewPasswordInput {
  newPassword: string;
  confirmPassword: string;
}

/** Password change and the reset by an SMS one-time password (OTP): request, verify, set a new password. */
export class PasswordService {
  /** Resend cool-down for usernames that get no OTP (unknown or inactive), so they behave alike. */

  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly config: Config,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly sms: SmsProvider,
    private readonly limits: RequestLimits,
  ) {}

  /** The shared password rule, then the confirmation: 400 with field codes. */
  private validateNewPassword(input: NewPasswordInput): void {
    const fields: Record<string, string> = {};
    const failure = passwordFailure(input.newPassword);
    if (failure) fields.newPassword = failure;
    if (input.confirmPassword !== input.newPassword) fields.confirmPassword = 'CONFIRM_PASSWORD_MISMATCH';
    if (Object.keys(fields).length > 0) throw fieldError(fields);
  }

  private async assertNotReused(user: UserWithOrg, newPassword: string): Promise<void> {
    if (await this.users.checkPassword(user, newPassword)) throw new AppError('PASSWORD_REUSED');
  }

  async changePassword(principal: Principal, input: NewPasswordInput & { currentPassword: string }): Promise<void> {
    this.validateNewPassword(input);
    const user = await this.users.findById(principal.userId);
    if (!user) throw new AppError('INVALID_SESSION');
    // A stolen session guessing the current password waits longer after each wrong one.
    this.limits.checkPasswordChange(user.id);
    if (!(await this.users.checkPassword(user, input.currentPassword))) throw new AppError('WRONG_CURRENT_PASSWORD');
    this.limits.passwordChangeSucceeded(user.id);
    await this.assertNotReused(user, input.newPassword);
    await this.users.setPassword(user.id, input.newPassword);
    await this.sessions.endAllForUser(user.id, 'PASSWORD_CHANGED', principal.sessionId);
  }

  private retryAfter(sentAtMs: number): number {
    const wait = sentAtMs + this.config.otpResendSeconds * 1000 - this.clock.now().getTime();
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  /**
   * A username that gets no OTP cools down as a real one does, in the
   * database (migration 0016), so no process and no restart tells them apart
   * (OTP_ALREADY_SENT with the same wait). Kept by a hash of the normalised
   * name: the table does not list what strangers typed.
   */
  private async startDecoyCooldown(username: string, now: Date): Promise<void> {
    const nameHash = sha256Hex(`otp-cooldown:${username.trim().toLowerCase()}`);
    const notBefore = new Date(now.getTime() - this.config.otpResendSeconds * 1000).toISOString();
    if (await this.units.run((uow) => uow.repo(OtpCooldownRepository).start(nameHash, now.toISOString(), notBefore)))
      return;
    const sentAt = await this.units.read((r) => r.repo(OtpCooldownRepository).sentAt(nameHash));
    const wait = sentAt === undefined ? 1 : Math.max(1, this.retryAfter(new Date(sentAt).getTime()));
    throw new AppError('OTP_ALREADY_SENT', { retryAfterSeconds: wait });
  }

  async sendOtp(
    username: string,
    clientAddress: string,
  ): Promise<{ ok: true; resendAfterSeconds: number; maskedPhone: string | null }> {
    this.limits.checkOtp(username, clientAddress);
    const now = this.clock.now();
    const resendAfterSeconds = this.config.otpResendSeconds;
    const user = await this.users.findByUsername(username);
    const reachable = user && user.active && user.agentActive && user.phone;
    if (!user || !reachable || !user.phone) {
      await this.startDecoyCooldown(username, now);
      return { ok: true, resendAfterSeconds, maskedPhone: decoyMaskedPhone(username.trim()) };
    }
    const live = await this.units.read((r) => r.repo(OtpRepository).latestLive(user.id));
    if (live) {
      const wait = this.retryAfter(new Date(live.created_at).getTime());
      if (wait > 0) throw new AppError('OTP_ALREADY_SENT', { retryAfterSeconds: wait });
    }
    await this.units.run((uow) => uow.repo(OtpRepository).voidLive(user.id, now.toISOString()));
    const code = newNumericCode(OTP_LENGTH);
    const otpId = await this.units.run((uow) =>
      uow.repo(OtpRepository).insert({
        userId: user.id,
        codeHash: hashCode(code),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + this.config.otpValidityMinutes * MINUTE_MS).toISOString(),
      }),
    );
    try {
      await this.sms.send({
        to: user.phone,
        userId: user.id,
        purpose: 'PASSWORD_RESET_OTP',
        secret: code,
        text: `Agent Portal password reset code: ${code}. Valid for ${this.config.otpValidityMinutes} minutes. Do not share it.`,
      });
    } catch (error) {
      // Nothing was sent, so nothing should block an immediate retry.
      await this.units.run((uow) => uow.repo(OtpRepository).delete(otpId));
      throw new AppError('SMS_PROVIDER_SERVICE_UNAVAILABLE', undefined, 'Failed to send SMS', { cause: error });
    }
    return { ok: true, resendAfterSeconds, maskedPhone: maskPhone(user.phone) };
  }

  /**
   * Checks a code against the user's live OTP. Each check first claims one of
   * OTP_MAX_ATTEMPTS tries in one statement (claimAttempt), and only then
   * compares, so however many guesses arrive at once at most that many are
   * ever compared; once the tries are spent even the right code fails. A
   * right code gives its try back: verify and reset use the same code.
   * Every failure but OTP_VALIDITY_EXPIRED (which needs the right code)
   * answers INVALID_OTP_PROVIDED alone, for unknown and real users alike.
   */
  private async checkCode(username: string, code: string): Promise<{ user: UserWithOrg; otp: OtpRow }> {
    const user = await this.users.findByUsername(username);
    const otp = user ? await this.units.read((r) => r.repo(OtpRepository).latestLive(user.id)) : undefined;
    if (!user || !otp) {
      codeMatches(code, NO_OTP_HASH);
      throw invalidOtp();
    }
    if (
      (await this.units.run((uow) => uow.repo(OtpRepository).claimAttempt(otp.id, this.config.otpMaxAttempts))) ===
      undefined
    )
      throw invalidOtp();
    if (!codeMatches(code, otp.code_hash)) throw invalidOtp();
    await this.units.run((uow) => uow.repo(OtpRepository).returnAttempt(otp.id));
    // A verified code stays good for one more validity period, time to type a new password.
    const validityMs = this.config.otpValidityMinutes * MINUTE_MS;
    const deadline = Math.max(
      new Date(otp.expires_at).getTime(),
      otp.verified_at ? new Date(otp.verified_at).getTime() + validityMs : 0,
    );
    if (this.clock.now().getTime() >= deadline) throw new AppError('OTP_VALIDITY_EXPIRED');
    return { user, otp };
  }

  async verifyOtp(username: string, code: string, clientAddress: string): Promise<void> {
    this.limits.checkOtpCode(username, clientAddress);
    const { otp } = await this.checkCode(username, code);
    await this.units.run((uow) => uow.repo(OtpRepository).markVerified(otp.id, this.clock.now().toISOString()));
  }

  async resetPassword(
    input: NewPasswordInput & { username: string; otp: string },
    clientAddress: string,
  ): Promise<void> {
    this.validateNewPassword(input);
    this.limits.checkOtpCode(input.username, clientAddress);
    const { user, otp } = await this.checkCode(input.username, input.otp);
    if (otp.verified_at === null) throw new AppError('INVALID_OTP_PROVIDED', undefined, 'Verify the OTP first');
    await this.assertNotReused(user, input.newPassword);
    await this.units.run((uow) => uow.repo(OtpRepository).markConsumed(otp.id, this.clock.now().toISOString()));
    await this.users.setPassword(user.id, input.newPassword);
    await this.sessions.endAllForUser(user.id, 'PASSWORD_RESET');
  }
}
