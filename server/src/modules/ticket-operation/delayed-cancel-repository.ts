import type { Database } from '../../db/database';

/**
 * A delayed-cancel request with its reservation's PNR and status, company and agent codes, requesting user and reason.
 */
export interface DelayedCancelRequestRow {
  id: number;
  reservation_id: number;
  user_id: number;
  status: string;
  created_at: string;
  remarks: string | null;
  decided_at: string | null;
  decided_by: string | null;
  decision_remarks: string | null;
  refund_minor: number | null;
  pnr: string;
  reservation_status: number;
  company_code: string;
  agent_code: string | null;
  username: string;
  reason: string;
}

/**
 * Delayed-cancel requests (delayed_cancel_requests) as the operator lists and decides them. Inside a unit, get it
 * from the unit: `uow.repo(DelayedCancelRepository)`.
 */
export class DelayedCancelRepository {
  constructor(private readonly db: Database) {}

  private rows() {
    return this.db
      .selectFrom('delayed_cancel_requests as q')
      .innerJoin('reservations as r', 'r.id', 'q.reservation_id')
      .innerJoin('companies as c', 'c.id', 'r.company_id')
      .leftJoin('agents as a', 'a.id', 'r.agent_id')
      .innerJoin('users as u', 'u.id', 'q.user_id')
      .innerJoin('delayed_cancel_reasons as dr', 'dr.id', 'q.reason_id')
      .select([
        'q.id',
        'q.reservation_id',
        'q.user_id',
        'q.status',
        'q.created_at',
        'q.remarks',
        'q.decided_at',
        'q.decided_by',
        'q.decision_remarks',
        'q.refund_minor',
        'r.pnr',
        'r.status as reservation_status',
        'c.code as company_code',
        'a.code as agent_code',
        'u.username',
        'dr.reason',
      ]);
  }

  /** The latest `limit` requests (of one status, or all), oldest first. */
  async latest(status: string | null, limit: number): Promise<DelayedCancelRequestRow[]> {
    let q = this.rows();
    if (status) q = q.where('q.status', '=', status);
    return (await q.orderBy('q.id', 'desc').limit(limit).execute()).reverse();
  }

  async byId(requestId: number): Promise<DelayedCancelRequestRow | undefined> {
    return this.rows().where('q.id', '=', requestId).executeTakeFirst();
  }

  /** The outlet of the user who filed a request (the refund and history rows are theirs). */
  async outletOfUser(userId: number): Promise<number | null> {
    const user = await this.db
      .selectFrom('users')
      .select('outlet_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return user.outlet_id;
  }

  /** Records the decision of a request that is still PENDING; answers whether it was (one row updated). */
  async decide(
    requestId: number,
    set: {
      status: string;
      decided_by: string;
      decision_remarks: string | null;
      refund_minor: number | null;
      decided_at: string;
    },
  ): Promise<boolean> {
    const done = await this.db
      .updateTable('delayed_cancel_requests')
      .set(set)
      .where('id', '=', requestId)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Whether the reason is one of the list the agent may pick (active). */
  async activeReason(reasonId: number): Promise<boolean> {
    const reason = await this.db
      .selectFrom('delayed_cancel_reasons')
      .select('id')
      .where('id', '=', reasonId)
      .where('active', '=', 1)
      .executeTakeFirst();
    return reason !== undefined;
  }

  /** The reservation's request waiting for the operator, if any (when it was made). */
  pendingOf(reservationId: number): Promise<{ created_at: string } | undefined> {
    return this.db
      .selectFrom('delayed_cancel_requests')
      .select('created_at')
      .where('reservation_id', '=', reservationId)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
  }

  /** A new PENDING request. */
  async insert(r: {
    reservationId: number;
    reasonId: number;
    remarks: string | null;
    userId: number;
    at: string;
  }): Promise<void> {
    await this.db
      .insertInto('delayed_cancel_requests')
      .values({
        reservation_id: r.reservationId,
        reason_id: r.reasonId,
        remarks: r.remarks,
        user_id: r.userId,
        created_at: r.at,
      })
      .execute();
  }
}
