/**
 * Live events (issue #35): discovery, streams and their subscriptions, over the hub (hub.ts) and the bus
 * (db/live-bus.ts). The events themselves are raised by the modules that change seats and money (raise.ts).
 */
import type { LiveDiscovery } from '@agent-portal/contract';
import { LIVE_MAX_TRIPS_PER_STREAM, liveAddresses } from '@agent-portal/contract';
import type { ServerResponse } from 'node:http';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { AccountService } from '../account/service';
import type { TripService } from '../trip/service';
import { LIVE_SWEEP_MS, type LiveHub } from './hub';

export class LiveService {
  constructor(
    readonly hub: LiveHub,
    private readonly config: Config,
    private readonly trips: TripService,
  ) {}

  discovery(): LiveDiscovery {
    const { heartbeatSeconds, pollSeconds } = this.config.live;
    return {
      stream: {
        path: liveAddresses.liveStream.path,
        heartbeatSeconds,
        pollSeconds,
        maxTrips: LIVE_MAX_TRIPS_PER_STREAM,
      },
    };
  }

  admit(principal: Principal): void {
    this.hub.admit(principal);
  }

  open(principal: Principal, out: ServerResponse) {
    return this.hub.open(principal, out);
  }

  /** Sets the trips a stream follows: each one the caller's companies' (TRIP_NOT_FOUND, COMPANY_NOT_ALLOWED). */
  async setTrips(principal: Principal, streamId: string, tripIds: readonly number[]): Promise<{ tripIds: number[] }> {
    const stream = this.hub.streamOf(principal, streamId);
    const unique = [...new Set(tripIds)];
    for (const tripId of unique) {
      const trip = await this.trips.get(tripId);
      if (!principal.companyIds.includes(trip.companyId))
        throw new AppError('COMPANY_NOT_ALLOWED', { companyId: trip.companyId });
    }
    await this.hub.setTrips(stream, unique);
    return { tripIds: unique };
  }
}

/**
 * How long the streams keep an account's row (its plan, credit limit and currency: no command of the server changes
 * them, only a hand in the database) for the balance events: read once in this time per account, not for each sale
 * (each sale's balance event read it before).
 */
export const ACCOUNT_ROW_KEEP_MS = LIVE_SWEEP_MS;

/** The hub's reads of an account, given by the account module. */
export function accountSources(accounts: AccountService) {
  type AccountRow = Awaited<ReturnType<AccountService['accountRow']>>;
  const rows = new Map<string, { row: Promise<AccountRow>; until: number }>();
  let sweptAt = performance.now();
  const rowOf = (agentId: number, companyId: number): Promise<AccountRow> => {
    const key = `${agentId}:${companyId}`;
    const now = performance.now();
    // The rows of accounts no stream hears any more go, once a keep time: the map stays what the last one read.
    if (now - sweptAt > ACCOUNT_ROW_KEEP_MS) {
      sweptAt = now;
      for (const [k, v] of rows) if (v.until <= now) rows.delete(k);
    }
    const kept = rows.get(key);
    if (kept && kept.until > now) return kept.row;
    const row = accounts.accountRow(agentId, companyId);
    rows.set(key, { row, until: now + ACCOUNT_ROW_KEEP_MS });
    // A failed read is not kept: the next event reads again.
    row.catch(() => {
      if (rows.get(key)?.row === row) rows.delete(key);
    });
    return row;
  };
  return {
    async accountIds(agentId: number, companyIds: readonly number[]): Promise<Map<number, number>> {
      const ids = new Map<number, number>();
      for (const companyId of companyIds) {
        const row = await accounts.accountRow(agentId, companyId).catch(() => null);
        if (row) ids.set(row.id, companyId);
      }
      return ids;
    },
    account: async (agentId: number, companyId: number, balanceMinor?: number) =>
      accounts.accountOf(await rowOf(agentId, companyId), companyId, balanceMinor),
  };
}
