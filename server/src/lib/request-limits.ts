import type { Config } from '../config';
import { AppError } from '../http/app-error';
import { HOUR_MS, MINUTE_MS, type Clock } from './clock';
import { SlidingWindowLimiter } from './rate-limiter';

/**
 * The rate limits on login attempts, OTP requests and OTP code checks (by
 * default 10 logins a minute per username and 60 per address, 5 OTPs an hour
 * per username and 30 per address, 20 code checks an hour per username and
 * 120 per address, verifyOtp and resetPassword counted together; over them
 * TOO_MANY_REQUESTS), each counted per username, known or not, and,
 * separately, per client address.
 */
export class RequestLimits {
  private readonly loginByUser: SlidingWindowLimiter;
  private readonly loginByAddress: SlidingWindowLimiter;
  private readonly otpByUser: SlidingWindowLimiter;
  private readonly otpByAddress: SlidingWindowLimiter;
  private readonly otpCheckByUser: SlidingWindowLimiter;
  private readonly otpCheckByAddress: SlidingWindowLimiter;

  constructor(config: Config, clock: Clock) {
    const r = config.rateLimits;
    this.loginByUser = new SlidingWindowLimiter(r.loginPerUsernamePerMinute, MINUTE_MS, clock);
    this.loginByAddress = new SlidingWindowLimiter(r.loginPerAddressPerMinute, MINUTE_MS, clock);
    this.otpByUser = new SlidingWindowLimiter(r.otpPerUsernamePerHour, HOUR_MS, clock);
    this.otpByAddress = new SlidingWindowLimiter(r.otpPerAddressPerHour, HOUR_MS, clock);
    this.otpCheckByUser = new SlidingWindowLimiter(r.otpCheckPerUsernamePerHour, HOUR_MS, clock);
    this.otpCheckByAddress = new SlidingWindowLimiter(r.otpCheckPerAddressPerHour, HOUR_MS, clock);
  }

  /** Throws 429 TOO_MANY_REQUESTS when either counter is over its limit. */
  checkLogin(username: string, address: string): void {
    this.check(this.loginByAddress, address, this.loginByUser, username.trim().toLowerCase());
  }

  checkOtp(username: string, address: string): void {
    this.check(this.otpByAddress, address, this.otpByUser, username.trim().toLowerCase());
  }

  /** A code check (verifyOtp or resetPassword): guesses cost the guesser, whoever the username names. */
  checkOtpCode(username: string, address: string): void {
    this.check(this.otpCheckByAddress, address, this.otpCheckByUser, username.trim().toLowerCase());
  }

  private check(byAddress: SlidingWindowLimiter, address: string, byUser: SlidingWindowLimiter, user: string): void {
    const first = byAddress.hit(address);
    if (!first.allowed) throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: first.retryAfterSeconds }, 'Too many attempts, try again later');
    const second = byUser.hit(user);
    if (!second.allowed) throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: second.retryAfterSeconds }, 'Too many attempts, try again later');
  }
}
