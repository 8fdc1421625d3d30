import type { Config } from '../../config';
import type { Unit, Units } from '../../db/units';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import { HOUR_MS, MINUTE_MS, type Clock } from '../../lib/clock';
import type { RequestLimits } from '../../lib/request-limits';
import { hashPin, verifyPin } from '../../lib/secrets';
import type { ReservationRecords } from '../reservation/records';
import type { ReservationRow } from '../reservation/rows';
import { PinAttemptRepository, type CounterRule } from './repository';

/** Compared against when there is nothing to compare (no such PNR, not the caller's): the same work either way. */
const NO_PIN_HASH = hashPin('------');

/**
 * Another agent's reservation is not the caller's to see or touch; an
 * operator's one (admin booked, linked: no agent) belongs to every agent of
 * its company.
 */
export function canAccess(principal: Principal, row: Pick<ReservationRow, 'company_id' | 'agent_id'>): boolean {
  return principal.companyIds.includes(row.company_id) && (row.agent_id === null || row.agent_id === principal.agentId);
}

/** The PNR's own counter: the tries of those who may access the ticket (its lock refuses them all). */
const pnrCounter = (pnr: string) => ({ kind: 'WRONG_PIN_PNR' as const, key: pnr });

/**
 * A stranger's counter on one PNR (another agent's, or none at all): counted against the caller, like its
 * WRONG_PIN_USER count over all PNRs, keyed `<userId>:<PNR>` (a user id alone has no colon, so the two never meet).
 */
const strangerCounter = (userKey: string, pnr: string) => ({
  kind: 'WRONG_PIN_USER' as const,
  key: `${userKey}:${pnr}`,
});

/** The one answer to a wrong PIN, a PNR that does not exist and a reservation that is not the caller's. */
const wrongPnrPin = () => new AppError('WRONG_PNR_PIN');

/** How long verify() waits for tries in flight to settle: at most SETTLE_WAITS x SETTLE_WAIT_MS. */
const SETTLE_WAIT_MS = 10;
const SETTLE_WAITS = 200;

const tooMany = (until: string, now: Date) =>
  new AppError(
    'TOO_MANY_REQUESTS',
    { retryAfterSeconds: Math.max(1, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000)) },
    'Too many attempts, try again later',
  );

/**
 * THE check of a PNR and a PIN, and of a PNR alone. Every route that takes
 * them comes here (look-up, ticket operation, delayed cancel, migration quote
 * and migration source; resend PIN, history, boarding list, print, extra
 * weight by PNR alone), so none answers differently or counts differently.
 *
 * - Access before the PIN: a reservation that is not the caller's answers
 *   WRONG_PNR_PIN like a wrong PIN and like a PNR that does not exist (and a
 *   PNR alone answers RESERVATION_NOT_FOUND either way).
 * - Each check first claims a try against the user (PIN_MAX_WRONG_PER_USER_PER_HOUR
 *   over all PNRs; then TOO_MANY_REQUESTS) and one against the PNR
 *   (PIN_MAX_WRONG_PER_PNR within PIN_WRONG_WINDOW_MINUTES; the wrong PIN that
 *   reaches it locks for PIN_LOCK_MINUTES: PNR_LOCKED with details.until, the
 *   right PIN included), each claim one statement, in the database: no burst
 *   gets more tries, no restart forgets them. A right PIN gives its tries back.
 * - Whose lock (issue #32): a caller who may access the reservation counts
 *   toward the PNR's own lock, which the operator's `pnr unlock <PNR>` lifts.
 *   Any other caller (another agent's PNR, or no such PNR) counts toward a
 *   lock of its own on that PNR: a stranger cannot lock the owner out, and
 *   what it sees depends on its own tries alone, never on the PNR's lock.
 * - verify() writes its counts outside any transaction, so they stand
 *   whatever the caller does next: call it before opening one, then
 *   recheck() inside it. Each count is one statement that commits alone
 *   (`attempts`: through units.read, never a unit, whose BEGIN and COMMIT
 *   would add round trips and, on PostgreSQL, serialization reruns).
 */
export class PnrPinGuard {
  private readonly perPnr: CounterRule;
  private readonly perUser: CounterRule;
  private readonly resendPerPnr: CounterRule;
  private readonly resendPerUser: CounterRule;

  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    config: Config,
    private readonly limits: RequestLimits,
    /** The reservation module's port: the reservation a PNR names. */
    private readonly reservations: ReservationRecords,
  ) {
    const p = config.pins;
    this.perPnr = {
      max: p.maxWrongPerPnr,
      windowMs: p.wrongWindowMinutes * MINUTE_MS,
      lockMs: p.lockMinutes * MINUTE_MS,
      lockOnClaim: false,
    };
    this.perUser = { max: p.maxWrongPerUserPerHour, windowMs: HOUR_MS, lockMs: HOUR_MS, lockOnClaim: false };
    this.resendPerPnr = { max: p.resendPerReservationPerHour, windowMs: HOUR_MS, lockMs: HOUR_MS, lockOnClaim: true };
    this.resendPerUser = { max: p.resendPerUserPerHour, windowMs: HOUR_MS, lockMs: HOUR_MS, lockOnClaim: true };
  }

  /** The PIN counters, each call one statement outside any unit (see the class comment). */
  private get attempts(): PinAttemptRepository {
    return this.units.read((r) => r.repo(PinAttemptRepository));
  }

  /** The per-user request limit of the PNR routes (a route guard): TOO_MANY_REQUESTS. */
  checkRate(principal: Principal): void {
    this.limits.checkPnrRequest(principal.userId);
  }

  /**
   * The caller's reservation with this PNR and PIN, or WRONG_PNR_PIN,
   * PNR_LOCKED or TOO_MANY_REQUESTS. Never inside a transaction (see above).
   */
  async verify(principal: Principal, pnr: string, pin: string): Promise<ReservationRow> {
    const key = pnr.trim().toUpperCase();
    const userKey = String(principal.userId);
    const now = this.clock.now();
    const byUser = await this.claimTry('WRONG_PIN_USER', userKey, this.perUser);
    if (byUser) throw tooMany(byUser, now);
    const row = await this.reservations.byPnr(key);
    const mine = row !== null && canAccess(principal, row);
    // Whose lock this try counts toward: the PNR's for a caller who may access it, else the caller's own on this
    // PNR, so a stranger can never lock the owner out and sees nothing of the PNR's lock (nor whether it exists).
    const counter = mine ? pnrCounter(key) : strangerCounter(userKey, key);
    const byPnr = await this.claimTry(counter.kind, counter.key, this.perPnr);
    if (byPnr) {
      // Nothing was compared: the user's try goes back.
      await this.attempts.giveBack('WRONG_PIN_USER', userKey);
      throw new AppError('PNR_LOCKED', { until: byPnr }, 'Too many wrong PINs: this PNR is locked for a while');
    }
    // Compared whatever the row, so the time taken does not tell either.
    const pinMatches = verifyPin(pin.trim(), mine ? row.pin_hash : NO_PIN_HASH);
    if (!mine || !pinMatches) {
      // The wrong try stays counted; at the limit it locks.
      await this.attempts.lockIfFull(counter.kind, counter.key, this.perPnr, this.clock.now());
      await this.attempts.lockIfFull('WRONG_PIN_USER', userKey, this.perUser, this.clock.now());
      throw wrongPnrPin();
    }
    await this.attempts.giveBack(counter.kind, counter.key);
    await this.attempts.giveBack('WRONG_PIN_USER', userKey);
    return row;
  }

  /**
   * One try, or the instant the counter is locked until. At the limit with
   * tries still in flight (right PINs give theirs back within milliseconds,
   * wrong ones lock), it waits for them to settle rather than refuse: many
   * right PINs at once all pass, and never more than `max` are compared.
   */
  private async claimTry(
    kind: 'WRONG_PIN_PNR' | 'WRONG_PIN_USER',
    key: string,
    rule: CounterRule,
  ): Promise<string | null> {
    for (let wait = 0; wait < SETTLE_WAITS; wait += 1) {
      const claim = await this.attempts.claim(kind, key, rule, this.clock.now());
      if (claim.ok) return null;
      if (claim.lockedUntil) return claim.lockedUntil;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_WAIT_MS));
    }
    // Still in flight after that long: refused for now, counted nowhere.
    return new Date(this.clock.now().getTime() + SETTLE_WAIT_MS * SETTLE_WAITS).toISOString();
  }

  /**
   * Inside the caller's transaction, after verify(): the reservation as it
   * is now, still the caller's and still with the PIN that was verified
   * (a resend or another agent's confirmation in between answers WRONG_PNR_PIN).
   */
  async recheck(uow: Unit, principal: Principal, verified: ReservationRow): Promise<ReservationRow> {
    const row = await this.reservations.byIdIn(uow, verified.id);
    if (row.pin_hash !== verified.pin_hash || !canAccess(principal, row)) throw wrongPnrPin();
    return row;
  }

  /**
   * By PNR alone, outside any unit: the caller's reservation, or RESERVATION_NOT_FOUND for a PNR that does not exist,
   * is another agent's, or (when `companyId` is given) is another company's, all alike.
   */
  async accessible(principal: Principal, pnr: string, opts: { companyId?: number } = {}): Promise<ReservationRow> {
    const key = pnr.trim().toUpperCase();
    return this.checkAccess(principal, key, await this.reservations.byPnr(key), opts);
  }

  /** As accessible, inside the caller's unit (a charge on the reservation). */
  async accessibleIn(
    uow: Unit,
    principal: Principal,
    pnr: string,
    opts: { companyId?: number } = {},
  ): Promise<ReservationRow> {
    const key = pnr.trim().toUpperCase();
    return this.checkAccess(principal, key, await this.reservations.byPnrIn(uow, key), opts);
  }

  private checkAccess(
    principal: Principal,
    key: string,
    row: ReservationRow | null,
    opts: { companyId?: number },
  ): ReservationRow {
    if (!row || !canAccess(principal, row) || (opts.companyId !== undefined && row.company_id !== opts.companyId))
      throw new AppError('RESERVATION_NOT_FOUND', { pnr: key });
    return row;
  }

  /**
   * Claims one PIN resend of a reservation (PIN_RESEND_PER_RESERVATION_PER_HOUR)
   * and of the user (PIN_RESEND_PER_USER_PER_HOUR), or TOO_MANY_REQUESTS.
   * Answers the give-back, for a resend that sent nothing.
   */
  async claimResend(principal: Principal, row: ReservationRow): Promise<() => Promise<void>> {
    const now = this.clock.now();
    const userKey = String(principal.userId);
    const byUser = await this.attempts.claim('RESEND_USER', userKey, this.resendPerUser, now);
    if (!byUser.ok) throw tooMany(byUser.lockedUntil ?? now.toISOString(), now);
    const byPnr = await this.attempts.claim('RESEND_PNR', row.pnr, this.resendPerPnr, now);
    if (!byPnr.ok) {
      await this.attempts.giveBack('RESEND_USER', userKey);
      throw tooMany(byPnr.lockedUntil ?? now.toISOString(), now);
    }
    return async () => {
      await this.attempts.giveBack('RESEND_PNR', row.pnr);
      await this.attempts.giveBack('RESEND_USER', userKey);
    };
  }

  /** The operator's unlock: forgets the PNR's wrong PINs; says whether it was locked. */
  async unlock(pnr: string): Promise<{ pnr: string; wrongPins: number; lockedUntil: string | null }> {
    const key = pnr.trim().toUpperCase();
    const held = await this.attempts.clear('WRONG_PIN_PNR', key);
    const now = this.clock.now().toISOString();
    return {
      pnr: key,
      wrongPins: held?.tries ?? 0,
      lockedUntil: held?.lockedUntil && held.lockedUntil > now ? held.lockedUntil : null,
    };
  }
}
