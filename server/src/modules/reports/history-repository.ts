import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { reportsDb, type ReportsDb } from './sales-repository';

export interface HistoryFilter {
  agentId: number;
  companyId: number;
  from: string;
  to: string;
}

export interface HistoryRow {
  time: string;
  pnr: string;
  action: string;
  user: string | null;
  outlet: string | null;
  amountMinor: number | null;
  remarks: string | null;
}

const CHARGES = `('SELL', 'OPEN', 'CONFIRMED', 'MIGRATE')`;

/**
 * Every event of the agent's reservations in the period (the agent
 * reservation history), found by the reservation's agent and company that
 * 0006 copies onto each event: the index reservation_events_agent_time_idx
 * holds the period's events of one agent in time order, with the action and
 * amount the totals need.
 */
export class HistoryRepository {
  private readonly db: ReportsDb;

  constructor(db: Database) {
    this.db = reportsDb(db);
  }

  private base(f: HistoryFilter) {
    return this.db
      .selectFrom('reservation_events as e')
      .where('e.reservation_agent_id', '=', f.agentId)
      .where('e.reservation_company_id', '=', f.companyId)
      .where('e.created_at', '>=', f.from)
      .where('e.created_at', '<', f.to);
  }

  /** A page: its event ids from the index alone (a far page skips index entries, not rows), then those rows. */
  rows(f: HistoryFilter, limit: number, offset: number): Promise<HistoryRow[]> {
    const page = this.base(f).select('e.id').orderBy('e.created_at').orderBy('e.id').limit(limit).offset(offset);
    return this.db
      .selectFrom('reservation_events as e')
      .innerJoin('reservations as r', 'r.id', 'e.reservation_id')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('outlets as o', 'o.id', 'e.outlet_id')
      .where('e.id', 'in', page)
      .select([
        'e.created_at as time',
        'r.pnr as pnr',
        'e.action as action',
        'u.username as user',
        'o.name as outlet',
        'e.amount_minor as amountMinor',
        'e.remarks as remarks',
      ])
      .orderBy('e.created_at')
      .orderBy('e.id')
      .execute();
  }

  totals(f: HistoryFilter): Promise<{ n: number; chargedMinor: number; refundedMinor: number }> {
    return this.base(f)
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(case when e.action in ${sql.raw(CHARGES)} then e.amount_minor end), 0)`.as(
          'chargedMinor',
        ),
        sql<number>`coalesce(sum(case when e.action like 'CANCELLED%' then e.amount_minor end), 0)`.as('refundedMinor'),
      ])
      .executeTakeFirstOrThrow();
  }
}
