import type { Config } from '../config';
import { AppError } from './app-error';
import { HOUR_MS, MINUTE_MS, type Clock } from './clock';
import { ExponentialBackoff, SlidingWindowLimiter, type RateDecision } from './rate-limiter';

/**
 * The rate limits on login attempts, OTP requests and OTP code checks (by
 * default 10 logins a minute per username and 60 per address, 5 OTPs an hour
 * per username and 30 per address, 20 code checks an hour per username and
 * 120 per address, verifyOtp and resetPassword counted together; over them
 * TOO_MANY_REQUESTS), each counted per username, known or not, and,
 * separately, per client address; and the doubling waits after wrong
 * passwords (login and changePassword, see checkLogin); and requests to the PNR routes per user.
 */
export class RequestLimits {
  private readonly loginByUser: SlidingWindowLimiter;
  private readonly loginByAddress: SlidingWindowLimiter;
  private readonly otpByUser: SlidingWindowLimiter;
  private readonly otpByAddress: SlidingWindowLimiter;
  private readonly otpCheckByUser: SlidingWindowLimiter;
  private readonly otpCheckByAddress: SlidingWindowLimiter;
  /** Wrong passwords per (username, address), and per username from addresses it never signed in from. */
  private readonly loginBackoffByPair: ExponentialBackoff;
  private readonly loginBackoffByUser: ExponentialBackoff;
  /** Wrong current passwords per user at changePassword. */
  private readonly passwordChangeBackoff: ExponentialBackoff;
  private readonly pnrByUser: SlidingWindowLimiter;

  constructor(config: Config, clock: Clock) {
    const r = config.rateLimits;
    this.loginByUser = new SlidingWindowLimiter(r.loginPerUsernamePerMinute, MINUTE_MS, clock);
    this.loginByAddress = new SlidingWindowLimiter(r.loginPerAddressPerMinute, MINUTE_MS, clock);
    this.otpByUser = new SlidingWindowLimiter(r.otpPerUsernamePerHour, HOUR_MS, clock);
    this.otpByAddress = new SlidingWindowLimiter(r.otpPerAddressPerHour, HOUR_MS, clock);
    this.otpCheckByUser = new SlidingWindowLimiter(r.otpCheckPerUsernamePerHour, HOUR_MS, clock);
    this.otpCheckByAddress = new SlidingWindowLimiter(r.otpCheckPerAddressPerHour, HOUR_MS, clock);
    const b = config.loginBackoff;
    this.loginBackoffByPair = new ExponentialBackoff(b.freeFailures, b.maxSeconds, clock);
    this.loginBackoffByUser = new ExponentialBackoff(b.usernameFreeFailures, b.maxSeconds, clock);
    this.passwordChangeBackoff = new ExponentialBackoff(b.freeFailures, b.maxSeconds, clock);
    this.pnrByUser = new SlidingWindowLimiter(r.pnrPerUserPerMinute, MINUTE_MS, clock);
  }

  /**
   * Before a login's password is checked: the per-address window, then the
   * backoff of this username from this address, then (only from an address
   * the user never signed in from: `knownAddress` false) the username's own
   * backoff and per-minute window, so strangers cannot lock the user out of
   * their own counter. The attempt counts as a failure until
   * loginSucceeded() says the password was right; attempts fired at once are
   * all counted before any is checked. Throws 429 TOO_MANY_REQUESTS with
   * retryAfterSeconds.
   */
  checkLogin(username: string, address: string, knownAddress = false): void {
    const user = username.trim().toLowerCase();
    refuse(this.loginByAddress.hit(address));
    const pair = pairKey(user, address);
    const wait = Math.max(
      this.loginBackoffByPair.waitSeconds(pair),
      knownAddress ? 0 : this.loginBackoffByUser.waitSeconds(user),
    );
    if (wait > 0) refuse({ allowed: false, retryAfterSeconds: wait });
    if (!knownAddress) refuse(this.loginByUser.hit(user));
    this.loginBackoffByPair.attempt(pair);
    if (!knownAddress) this.loginBackoffByUser.attempt(user);
  }

  /** The password was right: this username and address start afresh, and the username takes back this attempt. */
  loginSucceeded(username: string, address: string, knownAddress = false): void {
    const user = username.trim().toLowerCase();
    this.loginBackoffByPair.succeeded(pairKey(user, address));
    if (!knownAddress) this.loginBackoffByUser.forgive(user);
  }

  /** Before changePassword compares the current password: the same doubling wait, per user. */
  checkPasswordChange(userId: number): void {
    const key = String(userId);
    const wait = this.passwordChangeBackoff.waitSeconds(key);
    if (wait > 0) refuse({ allowed: false, retryAfterSeconds: wait });
    this.passwordChangeBackoff.attempt(key);
  }

  passwordChangeSucceeded(userId: number): void {
    this.passwordChangeBackoff.succeeded(String(userId));
  }

  checkOtp(username: string, address: string): void {
    this.check(this.otpByAddress, address, this.otpByUser, username.trim().toLowerCase());
  }

  /** A code check (verifyOtp or resetPassword): guesses cost the guesser, whoever the username names. */
  checkOtpCode(username: string, address: string): void {
    this.check(this.otpCheckByAddress, address, this.otpCheckByUser, username.trim().toLowerCase());
  }

  /**
   * A request to a route that takes a PNR (PNR_RATE_LIMIT_PER_MINUTE per
   * signed-in user, 120 by default): look-up, ticket operation, delayed
   * cancel, migration quote, resend PIN, history, boarding list. A flood
   * limit only: wrong PINs have their own counters in the database (pnr-guard).
   */
  checkPnrRequest(userId: number): void {
    const decision = this.pnrByUser.hit(String(userId));
    if (!decision.allowed)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        { retryAfterSeconds: decision.retryAfterSeconds },
        'Too many requests, try again later',
      );
  }

  private check(byAddress: SlidingWindowLimiter, address: string, byUser: SlidingWindowLimiter, user: string): void {
    const first = byAddress.hit(address);
    if (!first.allowed)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        { retryAfterSeconds: first.retryAfterSeconds },
        'Too many attempts, try again later',
      );
    const second = byUser.hit(user);
    if (!second.allowed)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        { retryAfterSeconds: second.retryAfterSeconds },
        'Too many attempts, try again later',
      );
  }
}

const pairKey = (user: string, address: string) => `${user}\u0000${address}`;

function refuse(decision: RateDecision): void {
  if (!decision.allowed)
    throw new AppError(
      'TOO_MANY_REQUESTS',
      { retryAfterSeconds: decision.retryAfterSeconds },
      'Too many attempts, try again later',
    );
}
