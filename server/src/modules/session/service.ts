import type { Reason } from '@agent-portal/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Units } from '../../db/units';
import { DAY_MS, HOUR_MS, type Clock } from '../../lib/clock';
import { newSessionToken, sha256Hex } from '../../lib/ids';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { UserAccess } from '../user/service';
import { PrincipalCache, type CachedPrincipal } from './principal-cache';
import { SessionRepository } from './repository';

export type AccessLoader = (userId: number) => Promise<UserAccess | null>;

export interface NewSession {
  userId: number;
  remember: boolean;
  deviceId?: string | undefined;
  uuid?: string | undefined;
  clientAddress?: string | undefined;
}

/**
 * Sessions ended because their grounds ended (issue #32, item 5), by end_reason: such a session's token is refused
 * with the reason a sign-in would give, so the portal can say why it signed the user out. The operator's
 * deactivations (OperatorService) end sessions with the left-hand names; a ground found gone on a request ends the
 * session with the reason itself.
 */
const GROUND_REASONS: Readonly<Record<string, Reason>> = {
  USER_DEACTIVATED: 'USER_INACTIVE',
  USER_INACTIVE: 'USER_INACTIVE',
  AGENT_DEACTIVATED: 'AGENT_INACTIVE',
  AGENT_INACTIVE: 'AGENT_INACTIVE',
  OUTLET_DEACTIVATED: 'BRANCH_INACTIVE',
  BRANCH_INACTIVE: 'BRANCH_INACTIVE',
  BRANCH_NOT_ASSIGNED: 'BRANCH_NOT_ASSIGNED',
};

/** What a sign-in would refuse the user for now (auth/service.ts checks the same, in the same order), or null. */
function groundGone(access: UserAccess): Reason | null {
  if (!access.active) return 'USER_INACTIVE';
  if (!access.agentActive) return 'AGENT_INACTIVE';
  if (access.outletId === null) return 'BRANCH_NOT_ASSIGNED';
  if (access.outletActive === false) return 'BRANCH_INACTIVE';
  return null;
}

/** Sliding the idle window on every request would write on every read; once a minute is plenty. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Opaque server-side sessions: the client holds a random token, the
 * database only its SHA-256. A session ends on logout, on deactivation, on
 * a password change elsewhere, after its idle limit without use, and at its
 * absolute limit after sign-in however busy it is (a stolen token does not
 * live forever). "Remember me" makes both limits longer (days, not hours).
 */
export class SessionService {
  /** Callers by token hash; see PrincipalCache (every request used to cost four queries before its handler ran). */
  readonly cache: PrincipalCache;

  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly config: Config,
    private readonly loadAccess: AccessLoader,
  ) {
    this.cache = new PrincipalCache(this.units.read((r) => r.repo(SessionRepository).epochReader()));
  }

  private limitsOf(remember: boolean): { idleMs: number; maxMs: number } {
    const c = this.config;
    return remember
      ? { idleMs: c.rememberIdleDays * DAY_MS, maxMs: c.rememberMaxDays * DAY_MS }
      : { idleMs: c.sessionIdleHours * HOUR_MS, maxMs: c.sessionMaxHours * HOUR_MS };
  }

  /** When a session ends if unused from `lastSeenMs` on: its idle limit, or its absolute limit if that comes first. */
  private endsAt(remember: boolean, createdMs: number, lastSeenMs: number): number {
    const { idleMs, maxMs } = this.limitsOf(remember);
    return Math.min(lastSeenMs + idleMs, createdMs + maxMs);
  }

  /** Whether the user has a session (open or ended, until the retention job removes it) from this address. */
  hasSessionFrom(userId: number, clientAddress: string): Promise<boolean> {
    return this.units.read((r) => r.repo(SessionRepository).hasSessionFrom(userId, clientAddress));
  }

  async create(input: NewSession): Promise<{ token: string; expiresAt: string }> {
    const token = newSessionToken();
    const now = this.clock.now();
    await this.units.run((uow) =>
      uow.repo(SessionRepository).insert({
        token_hash: sha256Hex(token),
        user_id: input.userId,
        company_id: null,
        remember: input.remember ? 1 : 0,
        device_id: input.deviceId ?? null,
        uuid: input.uuid ?? null,
        client_address: input.clientAddress ?? null,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        ended_at: null,
        end_reason: null,
      }),
    );
    return { token, expiresAt: new Date(this.endsAt(input.remember, now.getTime(), now.getTime())).toISOString() };
  }

  /**
   * Resolves a bearer token to its caller, or refuses: INVALID_SESSION, or the reason a sign-in would give now
   * (USER_INACTIVE, AGENT_INACTIVE, BRANCH_NOT_ASSIGNED, BRANCH_INACTIVE). A user, agent or outlet change moves
   * the auth epoch, so a cached caller is read afresh on the next request; a password that expires meanwhile (a
   * matter of time, not of a change) is judged from the cached expiry, no extra read.
   */
  async authenticateToken(token: string | null): Promise<Principal> {
    if (!token) throw new AppError('INVALID_SESSION');
    const tokenHash = sha256Hex(token);
    const epoch = await this.cache.current();
    const cached = this.cache.get(tokenHash);
    const nowMs = this.clock.now().getTime();
    // A hit needs no write either: within a minute of last_seen_at the session is not due a touch, and not past its
    // end.
    if (cached && nowMs - cached.lastSeenMs < TOUCH_EVERY_MS && nowMs < cached.endsAtMs)
      return withPasswordExpiry(cached, nowMs);
    const entry = await this.authenticateFromDatabase(tokenHash);
    if (epoch !== null) this.cache.set(tokenHash, epoch, entry);
    return withPasswordExpiry(entry, nowMs);
  }

  /** The session, user, companies and roles, read afresh; ends an idle, outlived or deactivated session. */
  private async authenticateFromDatabase(tokenHash: string): Promise<CachedPrincipal> {
    const session = await this.units.read((r) => r.repo(SessionRepository).findByTokenHash(tokenHash));
    if (!session) throw new AppError('INVALID_SESSION');
    if (session.ended_at !== null) {
      // Ended because its grounds ended: said as a sign-in would say it; any other end is just over.
      const reason = session.end_reason === null ? undefined : GROUND_REASONS[session.end_reason];
      throw new AppError(reason ?? 'INVALID_SESSION');
    }
    const now = this.clock.now();
    const lastSeen = new Date(session.last_seen_at).getTime();
    const created = new Date(session.created_at).getTime();
    const remember = session.remember === 1;
    const { idleMs, maxMs } = this.limitsOf(remember);
    if (now.getTime() - created >= maxMs) {
      await this.units.run((uow) => uow.repo(SessionRepository).end(session.id, now.toISOString(), 'MAX_LIFETIME'));
      throw new AppError('INVALID_SESSION');
    }
    if (now.getTime() - lastSeen >= idleMs) {
      await this.units.run((uow) => uow.repo(SessionRepository).end(session.id, now.toISOString(), 'IDLE_TIMEOUT'));
      throw new AppError('INVALID_SESSION');
    }
    const access = await this.loadAccess(session.user_id);
    if (!access) {
      await this.units.run((uow) => uow.repo(SessionRepository).end(session.id, now.toISOString(), 'ACCOUNT_INACTIVE'));
      throw new AppError('INVALID_SESSION');
    }
    // The operator's deactivations end sessions at once; this covers an outlet, and a change made in the database.
    const gone = groundGone(access);
    if (gone) {
      await this.units.run((uow) => uow.repo(SessionRepository).end(session.id, now.toISOString(), gone));
      throw new AppError(gone);
    }
    // The touch moves the epoch too (a sessions update), so this entry is read afresh once more.
    const touched = now.getTime() - lastSeen >= TOUCH_EVERY_MS;
    if (touched) await this.units.run((uow) => uow.repo(SessionRepository).touch(session.id, now.toISOString()));
    const principal: Principal = {
      sessionId: session.id,
      userId: access.userId,
      username: access.username,
      agentId: access.agentId,
      outletId: access.outletId,
      companyIds: access.companyIds,
      permissions: access.permissions,
    };
    const lastSeenMs = touched ? now.getTime() : lastSeen;
    return {
      principal,
      lastSeenMs,
      endsAtMs: this.endsAt(remember, created, lastSeenMs),
      passwordExpiresAtMs: access.passwordExpiresAtMs,
    };
  }

  /**
   * Of these sessions, those that have ended and why (a live stream ends with its session: modules/live), read
   * without touching them: an open stream alone does not keep a session from going idle. A row gone is REVOKED.
   */
  async endedAmong(sessionIds: readonly number[]): Promise<Map<number, 'LOGGED_OUT' | 'REVOKED' | 'EXPIRED'>> {
    const ended = new Map<number, 'LOGGED_OUT' | 'REVOKED' | 'EXPIRED'>();
    const states = await this.units.read((r) => r.repo(SessionRepository).states(sessionIds));
    const rows = new Map(states.map((s) => [s.id, s]));
    const nowMs = this.clock.now().getTime();
    for (const id of sessionIds) {
      const row = rows.get(id);
      if (!row) ended.set(id, 'REVOKED');
      else if (row.ended_at !== null)
        ended.set(
          id,
          row.end_reason === 'LOGOUT'
            ? 'LOGGED_OUT'
            : row.end_reason === 'IDLE_TIMEOUT' || row.end_reason === 'MAX_LIFETIME'
              ? 'EXPIRED'
              : 'REVOKED',
        );
      else {
        const ends = this.endsAt(row.remember === 1, Date.parse(row.created_at), Date.parse(row.last_seen_at));
        if (nowMs >= ends) ended.set(id, 'EXPIRED');
      }
    }
    return ended;
  }

  authenticate(req: FastifyRequest): Promise<Principal> {
    return this.authenticateToken(bearerToken(req));
  }

  async end(sessionId: number, reason = 'LOGOUT'): Promise<void> {
    await this.units.run((uow) => uow.repo(SessionRepository).end(sessionId, this.clock.now().toISOString(), reason));
  }

  /** Ends every open session of a user (optionally keeping one, the caller's). */
  endAllForUser(userId: number, reason: string, exceptSessionId?: number): Promise<number> {
    return this.units.run((uow) =>
      uow.repo(SessionRepository).endForUsers([userId], this.clock.now().toISOString(), reason, exceptSessionId),
    );
  }

  async endAllForOutlet(outletId: number, reason: string): Promise<number> {
    const userIds = await this.units.read((r) => r.repo(SessionRepository).userIdsOfOutlet(outletId));
    return this.units.run((uow) =>
      uow.repo(SessionRepository).endForUsers(userIds, this.clock.now().toISOString(), reason),
    );
  }

  async endAllForAgent(agentId: number, reason: string): Promise<number> {
    const userIds = await this.units.read((r) => r.repo(SessionRepository).userIdsOfAgent(agentId));
    return this.units.run((uow) =>
      uow.repo(SessionRepository).endForUsers(userIds, this.clock.now().toISOString(), reason),
    );
  }

  endAllForDevice(deviceId: string, reason: string): Promise<number> {
    return this.units.run((uow) =>
      uow.repo(SessionRepository).endForDevice(deviceId, this.clock.now().toISOString(), reason),
    );
  }

  countOpen(userId: number): Promise<number> {
    return this.units.read((r) => r.repo(SessionRepository).countOpen(userId));
  }
}

/** The cached caller, marked when its password has expired since (only its change then answers: http/routes.ts). */
function withPasswordExpiry(entry: CachedPrincipal, nowMs: number): Principal {
  if (entry.passwordExpiresAtMs === null || nowMs < entry.passwordExpiresAtMs) return entry.principal;
  return { ...entry.principal, passwordExpired: true };
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
