import { ReservationStatus, historyRemarkText } from '@agent-portal/contract';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { fromMinor } from '../../lib/money';
import { largestFineBand, quoteAtBand, termsOf, type FineQuote } from '../reservation/fines';
import { ReservationRecords } from '../reservation/records';
import type { ReservationRow, ReservationSeatRow } from '../reservation/rows';
import type { TripService } from '../trip/service';
import { DelayedCancelRepository, type DelayedCancelRequestRow } from './delayed-cancel-repository';
import { delayedCancelClosesAt } from './delayed-cancel-window';
import type { TicketOperationService } from './service';
import type { Reader, Unit, Units } from '../../db/units';

export type DelayedCancelStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
export const DELAYED_CANCEL_STATUSES: readonly DelayedCancelStatus[] = ['PENDING', 'APPROVED', 'REJECTED'];

export interface DelayedCancelListing {
  id: number;
  requestedAt: string;
  status: DelayedCancelStatus;
  pnr: string;
  reservationStatus: number;
  agentCode: string | null;
  companyCode: string;
  /** The agent user who filed the request. */
  username: string;
  /** Active seats now (a decided request: the seats at the time are in the history). */
  seats: string[];
  reason: string;
  remarks: string | null;
  /**
   * Money: an APPROVED request, what was refunded; a PENDING one, what
   * approving it now would refund (null when the reservation is no longer
   * sold or its refund window has closed, so approving is refused); a
   * REJECTED one, null.
   */
  refund: number | null;
  /** The fine percent behind `refund` (the largest band, or a migrated ticket's floor above it). */
  finePercent: number | null;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionRemarks: string | null;
}

export interface DelayedCancelDecisionResult {
  request: DelayedCancelListing;
  /** false: the request had already been decided the same way; nothing was written. */
  changed: boolean;
}

/**
 * The operator's side of delayed-cancel requests (issue #14): an agent files
 * one after the cancellation cut-off and before departure
 * (TicketOperationService.delayedCancel); the operator lists them and
 * approves or rejects each, from the command line.
 *
 * Approving is refused (DELAYED_CANCEL_APPROVAL_EXPIRED) once the coach has
 * left the stop the ticket was sold from: the request window and the
 * approval both close there (delayed-cancel-window.ts).
 * Approving cancels the whole reservation through the same cancel step as
 * ticketOperation (TicketOperationService.cancelSeats: ledger refund,
 * commission reversal, seats, status, coupons, history) and refunds by the
 * last fine band, the largest fine (the rule book is silent on it; see
 * largestFineBand). Rejecting keeps the ticket and records the reason.
 * Each decision is one write transaction that first reads the request: a
 * second call with the same decision changes nothing and says so; the
 * opposite decision on a decided request is refused.
 */
export class DelayedCancelOperatorService {
  private readonly reservations: ReservationRecords;

  constructor(
    private readonly d: {
      units: Units;
      clock: Clock;
      config: Config;
      trips: TripService;
      ticketOperations: TicketOperationService;
    },
  ) {
    this.reservations = new ReservationRecords(d.units);
  }

  list(status: DelayedCancelStatus | null, limit = 200): Promise<DelayedCancelListing[]> {
    return this.d.units.read(async (reader) => {
      const rows = await reader.repo(DelayedCancelRepository).latest(status, limit);
      const out: DelayedCancelListing[] = [];
      for (const r of rows) out.push(await this.listing(reader, r));
      return out;
    });
  }

  async approve(requestId: number, employee: string): Promise<DelayedCancelDecisionResult> {
    return this.d.units.run(async (uow) => {
      const request = await this.pendingOr(uow, requestId, 'APPROVED');
      if (!request.pending) return { request: request.listing, changed: false };
      // Locked before it is read and checked: an agent's cancel or migration of the ticket at once waits (item 2).
      await this.reservations.lockForChange(uow, request.row.reservation_id);
      const row = await this.reservations.byIdIn(uow, request.row.reservation_id);
      const seats = await this.activeSeats(uow, row);
      if (!seats) {
        throw new AppError(
          'RESERVATION_NOT_CANCELLABLE',
          { requestId, pnr: row.pnr, status: row.status },
          `reservation ${row.pnr} is no longer sold (status ${row.status}); nothing changed: reject request ${requestId} instead`,
        );
      }
      // The refund window is the sale's: once the coach has left the stop the ticket was sold from, no refund.
      const closedAt = await this.closedAt(uow, row);
      if (closedAt) {
        throw new AppError(
          'DELAYED_CANCEL_APPROVAL_EXPIRED',
          { requestId, pnr: row.pnr, closedAt },
          `DELAYED_CANCEL_APPROVAL_EXPIRED: the refund window of reservation ${row.pnr} closed at ${closedAt}, when the coach left the stop it was sold from; nothing changed: reject request ${requestId} instead`,
        );
      }
      const quote = this.quote(row, seats);
      const outletId = await uow.repo(DelayedCancelRepository).outletOfUser(request.row.user_id);
      // The refund is the requesting agent user's, as their own cancel would have been; the operator is named in the
      // remarks.
      await this.d.ticketOperations.cancelSeats(
        uow,
        { userId: request.row.user_id, outletId },
        { row, seats, whole: true },
        {
          refundMinor: quote.returnMinor,
          remarks: historyRemarkText({
            code: 'DELAYED_CANCEL_APPROVED',
            params: {
              request: String(requestId),
              employee,
              fine: fromMinor(quote.fineMinor).toFixed(2),
              percent: String(quote.band?.percent ?? 100),
            },
          }),
          refundDescription: `Delayed cancellation ${row.pnr}: ${seats.map((s) => s.seat_name).join(', ')} (request ${requestId}, approved by ${employee})`,
        },
      );
      await this.decide(uow, requestId, {
        status: 'APPROVED',
        decided_by: employee,
        decision_remarks: null,
        refund_minor: quote.returnMinor,
      });
      return { request: await this.reread(uow, requestId), changed: true };
    });
  }

  async reject(requestId: number, employee: string, reason: string): Promise<DelayedCancelDecisionResult> {
    const why = reason.replace(/\s+/g, ' ').trim();
    if (!why) throw new AppError('VALIDATION_FAILED', { fields: { reason: 'required' } }, 'a rejection needs a reason');
    return this.d.units.run(async (uow) => {
      const request = await this.pendingOr(uow, requestId, 'REJECTED');
      if (!request.pending) return { request: request.listing, changed: false };
      await this.decide(uow, requestId, {
        status: 'REJECTED',
        decided_by: employee,
        decision_remarks: why,
        refund_minor: null,
      });
      await this.reservations.event(uow, {
        reservationId: request.row.reservation_id,
        action: 'DELAYED_CANCEL_REJECTED',
        userId: null,
        outletId: null,
        remarks: historyRemarkText({
          code: 'DELAYED_CANCEL_REJECTED',
          params: { request: String(requestId), employee, reason: why },
        }),
        at: this.d.clock.now().toISOString(),
      });
      return { request: await this.reread(uow, requestId), changed: true };
    });
  }

  /**
   * The request, read in the deciding transaction: pending, or already decided as `same` (answered as is), or refused.
   */
  private async pendingOr(uow: Unit, requestId: number, same: DelayedCancelStatus) {
    const row = await uow.repo(DelayedCancelRepository).byId(requestId);
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', { requestId }, `no delayed-cancel request ${requestId}`);
    if (row.status === 'PENDING') return { pending: true as const, row };
    if (row.status === same) return { pending: false as const, row, listing: await this.listing(uow, row) };
    throw new AppError(
      'NOT_PERMITTED',
      { requestId, status: row.status },
      `delayed-cancel request ${requestId} was already ${row.status} by ${row.decided_by ?? '?'} at ${row.decided_at ?? '?'}; nothing changed`,
    );
  }

  private async decide(
    uow: Unit,
    requestId: number,
    set: {
      status: DelayedCancelStatus;
      decided_by: string;
      decision_remarks: string | null;
      refund_minor: number | null;
    },
  ): Promise<void> {
    const done = await uow
      .repo(DelayedCancelRepository)
      .decide(requestId, { ...set, decided_at: this.d.clock.now().toISOString() });
    // Read as PENDING in this same transaction, so this cannot happen; if it did, roll everything back.
    if (!done) throw new Error(`delayed-cancel request ${requestId} changed under the decision`);
  }

  private async reread(uow: Unit, requestId: number): Promise<DelayedCancelListing> {
    const row = await uow.repo(DelayedCancelRepository).byId(requestId);
    if (!row) throw new Error(`delayed-cancel request ${requestId} vanished under the decision`);
    return this.listing(uow, row);
  }

  /** The active seats of a reservation that can still be cancelled for money (sold), else null. */
  private async activeSeats(r: Reader, row: ReservationRow): Promise<ReservationSeatRow[] | null> {
    if (row.status !== ReservationStatus.SOLD) return null;
    const seats = (await this.reservations.seatsIn(r, row.id)).filter((s) => s.active === 1);
    return seats.length ? seats : null;
  }

  /** When the delayed cancel of a sold reservation closed (delayed-cancel-window.ts), or null while it is open. */
  private async closedAt(r: Reader, row: ReservationRow): Promise<string | null> {
    const trip = row.trip_id === null ? null : await this.d.trips.getIn(r, row.trip_id);
    const closes = trip ? delayedCancelClosesAt(trip, row) : null;
    const now = this.d.clock.now();
    if (closes && now.getTime() < closes.getTime()) return null;
    return (closes ?? now).toISOString();
  }

  /** The last band's fine, never below the ticket's stored floor nor returning more than it holds (fines.ts). */
  private quote(row: ReservationRow, seats: ReservationSeatRow[]): FineQuote {
    return quoteAtBand(seats, largestFineBand(this.d.config.sales.fineBands), termsOf(row));
  }

  /** A request as listed, read with `reader` (inside a decision's unit, the unit). */
  private async listing(reader: Reader, r: DelayedCancelRequestRow): Promise<DelayedCancelListing> {
    const reservation = await this.reservations.byIdIn(reader, r.reservation_id);
    const seats = await this.activeSeats(reader, reservation);
    let refund: number | null = null;
    let finePercent: number | null = null;
    if (r.status === 'APPROVED') {
      refund = r.refund_minor === null ? null : fromMinor(r.refund_minor);
    } else if (r.status === 'PENDING' && seats && !(await this.closedAt(reader, reservation))) {
      const quote = this.quote(reservation, seats);
      refund = fromMinor(quote.returnMinor);
      finePercent = quote.band?.percent ?? null;
    }
    return {
      id: r.id,
      requestedAt: r.created_at,
      status: r.status as DelayedCancelStatus,
      pnr: r.pnr,
      reservationStatus: r.reservation_status,
      agentCode: r.agent_code,
      companyCode: r.company_code,
      username: r.username,
      seats: (seats ?? []).map((s) => s.seat_name),
      reason: r.reason,
      remarks: r.remarks,
      refund,
      finePercent,
      decidedAt: r.decided_at,
      decidedBy: r.decided_by,
      decisionRemarks: r.decision_remarks,
    };
  }
}
