import { sql } from 'kysely';
import type { Database } from '../../db/database';

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

/** Every event of the agent's reservations in the period (the agent reservation history). */
export class HistoryRepository {
  constructor(private readonly db: Database) {}

  private base(f: HistoryFilter) {
    return this.db
      .selectFrom('reservation_events as e')
      .innerJoin('reservations as r', 'r.id', 'e.reservation_id')
      .where('e.created_at', '>=', f.from)
      .where('e.created_at', '<', f.to)
      .where('r.agent_id', '=', f.agentId)
      .where('r.company_id', '=', f.companyId);
  }

  rows(f: HistoryFilter, limit: number, offset: number): Promise<HistoryRow[]> {
    return this.base(f)
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('outlets as o', 'o.id', 'e.outlet_id')
      .select(['e.created_at as time', 'r.pnr as pnr', 'e.action as action', 'u.username as user', 'o.name as outlet', 'e.amount_minor as amountMinor', 'e.remarks as remarks'])
      .orderBy('e.created_at')
      .orderBy('e.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  totals(f: HistoryFilter): Promise<{ n: number; chargedMinor: number; refundedMinor: number }> {
    return this.base(f)
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(case when e.action in ${sql.raw(CHARGES)} then e.amount_minor end), 0)`.as('chargedMinor'),
        sql<number>`coalesce(sum(case when e.action like 'CANCELLED%' then e.amount_minor end), 0)`.as('refundedMinor'),
      ])
      .executeTakeFirstOrThrow();
  }
}
