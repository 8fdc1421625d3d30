import type { Principal } from '../../http/principal';

export interface CachedPrincipal {
  principal: Principal;
  /** The session's last_seen_at (ms) when cached: the idle window and the once-a-minute touch are judged from it. */
  lastSeenMs: number;
  /** When the session ends if not used again (idle or absolute limit): a hit never outlives it. */
  endsAtMs: number;
  /** When the user's password expires (null: never): a hit from then on is a principal with passwordExpired. */
  passwordExpiresAtMs: number | null;
}

/**
 * Callers by token hash, valid for one authentication epoch (migration
 * 0005): triggers move the epoch on every change to sessions, users, agents,
 * outlets, companies, roles and permissions, from any connection or process.
 * A request reads only that one-row counter (a microsecond, synchronously)
 * instead of the session, the user with agent and outlet, the companies and
 * the roles with their permissions; a new epoch drops every entry, so logout
 * and deactivation still refuse the very next request.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, CachedPrincipal>();
  private epoch: number | null = null;

  constructor(
    /** The epoch as stored now (SessionRepository.epochReader); throws when it cannot be read. */
    private readonly readEpoch: () => number | undefined | Promise<number | undefined>,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The current epoch (dropping every entry when it moved), or null when it
   * cannot be read (a database not migrated yet, or being reset): no caching then.
   */
  async current(): Promise<number | null> {
    let epoch: number | null;
    try {
      epoch = (await this.readEpoch()) ?? null;
    } catch {
      epoch = null;
    }
    if (epoch !== this.epoch) {
      this.entries.clear();
      this.epoch = epoch;
    }
    return epoch;
  }

  get(tokenHash: string): CachedPrincipal | undefined {
    return this.epoch === null ? undefined : this.entries.get(tokenHash);
  }

  /** `epoch`: what current() said BEFORE the principal was read, so a change made meanwhile drops it. */
  set(tokenHash: string, epoch: number, entry: CachedPrincipal): void {
    if (epoch !== this.epoch) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(tokenHash, entry);
  }

  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  get size(): number {
    return this.entries.size;
  }
}
