/**
 * Change boarding point (POST /api/reservation/changeBoardingPoint, issue #16
 * item 6). In this data model a reservation's boarding point is its origin
 * stop on the trip (reservations.from_index / origin_station_id), and each of
 * its seats holds the legs from_index..to_index of that trip. The rules,
 * checked in this order, each refusal with its reason code:
 *
 * - The PNR and PIN through the one PNR+PIN guard (modules/pnr-guard): access
 *   before the PIN, wrong PINs counted; another agent's PNR answers
 *   WRONG_PNR_PIN like a missing one.
 * - Only a sold (1) or booked (2) reservation of the caller's own agent:
 *   anything else NOT_PERMITTED. An admin-booked (3) or linked (13) one is an
 *   operator's hold with no agent (every agent of the company may confirm it),
 *   so it is not the agent's own: confirm it first, then move it. A booking
 *   that has lapsed is expired first (then it is cancelled: NOT_PERMITTED).
 * - The permission that cancels that status (contract
 *   CHANGE_BOARDING_POINT_PERMISSIONS: sold AGENT_CANCEL_RESERVATION, booked
 *   AGENT_CANCEL_BOOKING): the change gives up part of the journey.
 *   PERMISSION_DENIED otherwise.
 * - The trip open and the coach not yet gone from the CURRENT boarding point
 *   by the server clock (trip/access assertTripOpen: TRIP_IS_CLOSED,
 *   TRIP_OMITTED, TRIP_OMIT_PENDING).
 * - The new stop a stop of this trip (STATION_NOT_FOUND), strictly after the
 *   current boarding point and strictly before the destination
 *   (BOARDING_POINT_NOT_ALLOWED, details.rule SAME_STOP, EARLIER_STOP or
 *   NOT_BEFORE_DESTINATION). Boarding earlier would need a seat free on an
 *   extra leg and a higher fare: refused, as is the same stop (meaningless).
 * - A trip that sells no intermediate segments (allowIntermediate off)
 *   refuses it (PARTIAL_SALES_NOT_ALLOWED), and so does a stop the agent may
 *   not sell from (ORIGIN_NOT_ALLOWED), as a sale from there would.
 * - The maintenance switch refuses it like any call that moves seats (503
 *   SALES_RESTRICTED, modules/maintenance).
 *
 * The cancellation terms do not move with it: the fine band, the cancel and
 * delayed-cancel cut-offs and the migration deadline stay timed from the stop
 * the ticket was sold from (reservations.fine_from_index, migration 0014), so
 * a ticket past its cut-off cannot be moved later to be cancelled for money.
 *
 * The fare paid is kept: no refund and no charge for boarding later (the
 * seats' fares, discounts and commissions, the ledger and charged amount do
 * not change; a booking confirms later at the fare it was booked at). The
 * seats of the legs before the new stop become free for others to sell: each
 * active seat's from_index moves up to the new stop, so the segment a seat
 * holds only shrinks and can never overlap another sale it did not overlap
 * before (db/integrity doubleHeldSeats stays 0). One write transaction does
 * it, with one history row BOARDING_CHANGED whose remarks say
 * "<from stop> → <to stop>", and the Idempotency-Key answer.
 */
import { CHANGE_BOARDING_POINT_PERMISSIONS, historyRemarkText, type Reservation } from '@agent-portal/contract';
import type { z } from 'zod';
import type { changeBoardingPointRequestSchema } from '@agent-portal/contract';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import type { AgentSettingsSource } from '../agent/cached-settings';
import type { BookingExpiryService } from '../booking-expiry/service';
import { IdempotencyService } from '../idempotency/service';
import type { PnrPinGuard } from '../pnr-guard/service';
import { fineBoardingIndex } from '../reservation/fines';
import { ReservationRecords } from '../reservation/records';
import type { ReservationView } from '../reservation/view';
import { assertTripOpen } from '../trip/access';
import type { TripService } from '../trip/service';
import type { Units } from '../../db/units';
import type { LiveBus } from '../../db/live-bus';
import { raiseTripRefetch } from '../live/raise';
import { standingReservation } from './standing-reservation';

export type ChangeBoardingPointBody = z.output<typeof changeBoardingPointRequestSchema>;

/** The history row's action name (the portal translates it: ticket-operation history.actions). */
export const BOARDING_CHANGED = 'BOARDING_CHANGED';

export interface BoardingPointDeps {
  units: Units;
  /** Live events (issue #35): the database's bus, raised in the change's unit. */
  live: LiveBus;
  clock: Clock;
  trips: TripService;
  expiry: BookingExpiryService;
  agentSettings: AgentSettingsSource;
  idempotency: IdempotencyService;
  view: ReservationView;
  guard: PnrPinGuard;
}

export class BoardingPointService {
  private readonly reservations: ReservationRecords;

  constructor(private readonly d: BoardingPointDeps) {
    this.reservations = new ReservationRecords(d.units);
  }

  async change(
    principal: Principal,
    body: ChangeBoardingPointBody,
    idempotencyKey: string | null,
  ): Promise<Reservation> {
    const request = IdempotencyService.keyed(principal.userId, idempotencyKey, 'changeBoardingPoint', body);
    // A repeat answers the stored result before the PIN is checked again (a resend may have changed it since).
    const earlier = await this.d.idempotency.earlier<Reservation>(request);
    if (earlier) return earlier;
    // Counted outside the transaction: a wrong PIN stays counted whatever happens next.
    const verified = await this.d.guard.verify(principal, body.pnr, body.pin);
    // Read before the transaction: the settings source reads through the database's own connection, which
    // the open write transaction would hold (a read inside it waits for ever on a cold cache).
    const settings = await this.d.agentSettings.settings(principal.agentId, verified.company_id);
    return this.d.units.run((uow) =>
      this.d.idempotency.once(uow, request, async () => {
        const row = await standingReservation(uow, { ...this.d, reservations: this.reservations }, principal, verified);
        // Sold or booked, and the caller's own agent's (an operator's hold has no agent).
        const needed = CHANGE_BOARDING_POINT_PERMISSIONS[row.status];
        if (!needed || row.trip_id === null || row.agent_id !== principal.agentId) {
          throw new AppError(
            'NOT_PERMITTED',
            { status: row.status },
            'Only a sold or booked ticket of your agent can change its boarding point',
          );
        }
        if (!principal.permissions.has(needed))
          throw new AppError('PERMISSION_DENIED', { required: { allOf: [needed] } });
        const trip = await this.d.trips.getIn(uow, row.trip_id);
        const now = this.d.clock.now();
        // The coach has not left the current boarding point, and the trip still runs.
        assertTripOpen(trip, { fromIndex: row.from_index, toIndex: row.to_index }, now);
        const to = trip.stops.findIndex((s) => s.stationId === body.stationId);
        if (to < 0)
          throw new AppError('STATION_NOT_FOUND', { stationId: body.stationId }, 'The trip does not call at this stop');
        if (to === row.from_index)
          throw new AppError('BOARDING_POINT_NOT_ALLOWED', { rule: 'SAME_STOP' }, 'This is already the boarding point');
        if (to < row.from_index)
          throw new AppError(
            'BOARDING_POINT_NOT_ALLOWED',
            { rule: 'EARLIER_STOP' },
            'Only a later stop: boarding earlier needs another leg and another fare',
          );
        if (to >= row.to_index)
          throw new AppError(
            'BOARDING_POINT_NOT_ALLOWED',
            { rule: 'NOT_BEFORE_DESTINATION' },
            'The new boarding point must come before the destination',
          );
        if (!trip.allowIntermediate) throw new AppError('PARTIAL_SALES_NOT_ALLOWED');
        if (settings.barredOrigins.some((o) => o.stationId === body.stationId))
          throw new AppError('ORIGIN_NOT_ALLOWED', { stationId: body.stationId });

        const from = trip.stops[row.from_index];
        const target = trip.stops[to];
        if (!from || !target) throw new AppError('STATION_NOT_FOUND', { stationId: body.stationId });
        const nowIso = now.toISOString();
        // The fare is kept; only the legs held change (active seats); the cancellation terms stay the sold-from stop's.
        await this.reservations.moveBoardingPoint(uow, row, {
          fromIndex: to,
          originStationId: target.stationId,
          fineFromIndex: fineBoardingIndex(row),
          at: nowIso,
        });
        await this.reservations.event(uow, {
          reservationId: row.id,
          action: BOARDING_CHANGED,
          userId: principal.userId,
          outletId: principal.outletId,
          remarks: historyRemarkText({ code: 'BOARDING_MOVED', params: { from: from.name, to: target.name } }),
          at: nowIso,
        });
        // Live seat maps (issue #35): the legs before the new boarding point are free now.
        await raiseTripRefetch(this.d.live, uow, [row.trip_id]);
        return this.d.view.build(uow, await this.reservations.byIdIn(uow, row.id), principal, { verified: true });
      }),
    );
  }
}
