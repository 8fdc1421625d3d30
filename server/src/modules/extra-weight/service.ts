import {
  ReservationStatus,
  type ExtraWeightCharge,
  type extraWeightChargeRequestSchema,
  type extraWeightListRequestSchema,
} from '@agent-portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { toMinor } from '../../lib/money';
import { localDateRange, pageWindow } from '../../lib/paging';
import { newPnr } from '../../lib/secrets';
import { assertDateOrder } from '../deposit/service';
import { IdempotencyService } from '../idempotency/service';
import type { PnrPinGuard } from '../pnr-guard/service';
import type { ReservationCharging } from '../reservation/charging';
import { assertTripOpen } from '../trip/access';
import type { TripService } from '../trip/service';
import type { ReservationRecords } from '../reservation/records';
import { ExtraWeightRepository, toCharge, type ChargeRow } from './repository';
import type { Reader, Unit, Units } from '../../db/units';

type ChargeBody = z.output<typeof extraWeightChargeRequestSchema>;
type ListBody = z.output<typeof extraWeightListRequestSchema>;

export interface ExtraWeightDeps {
  units: Units;
  clock: Clock;
  config: Config;
  trips: TripService;
  charging: ReservationCharging;
  idempotency: IdempotencyService;
  guard: PnrPinGuard;
  /** The reservation module's port: a charge and its return are rows of the reservation's history. */
  reservations: ReservationRecords;
}

/**
 * Extra weight (baggage) charges on a sold reservation: a debit with its
 * own PNR and receipt, returned in full before departure. Each money
 * movement is one write transaction holding the ledger row, the charge row
 * and the Idempotency-Key answer.
 */
export class ExtraWeightService {
  constructor(private readonly d: ExtraWeightDeps) {}

  async charge(principal: Principal, body: ChargeBody, idempotencyKey: string | null): Promise<ExtraWeightCharge> {
    return this.idempotent(principal, 'extraWeightCharge', body, idempotencyKey, async (uow) => {
      const repo = uow.repo(ExtraWeightRepository);
      // Not there, another agent's or another company's: the same RESERVATION_NOT_FOUND (pnr-guard).
      const reservation = await this.d.guard.accessibleIn(uow, principal, body.reservationPnr, {
        companyId: body.companyId,
      });
      if (reservation.status !== ReservationStatus.SOLD || reservation.trip_id === null) {
        throw new AppError(
          'EXTRA_WEIGHT_NOT_ALLOWED',
          { status: reservation.status },
          'Extra weight is charged on a sold ticket of a trip',
        );
      }
      const trip = await this.d.trips.getIn(uow, reservation.trip_id);
      assertTripOpen(trip, { fromIndex: reservation.from_index, toIndex: reservation.to_index }, this.d.clock.now());
      const pnr = await this.allocatePnr(uow);
      const amountMinor = toMinor(body.amount);
      await this.d.charging.charge(uow, {
        agentId: principal.agentId,
        companyId: reservation.company_id,
        userId: principal.userId,
        amountMinor,
        kind: 'EXTRA_WEIGHT_CHARGE',
        reference: pnr,
        description: `Extra weight ${pnr} on ${reservation.pnr}: ${body.description}`,
      });
      const nowIso = this.d.clock.now().toISOString();
      const id = await repo.insert({
        pnr,
        reservationId: reservation.id,
        companyId: reservation.company_id,
        agentId: principal.agentId,
        outletId: principal.outletId,
        userId: principal.userId,
        amountMinor,
        description: body.description,
        at: nowIso,
      });
      await this.event(
        uow,
        principal,
        reservation.id,
        'EXTRA_WEIGHT_CHARGED',
        amountMinor,
        `${pnr}: ${body.description}`,
        nowIso,
      );
      return toCharge(await repo.byIdOrThrow(id));
    });
  }

  async cancel(principal: Principal, pnr: string, idempotencyKey: string | null): Promise<ExtraWeightCharge> {
    return this.idempotent(principal, 'extraWeightReturn', { pnr }, idempotencyKey, async (uow) => {
      const repo = uow.repo(ExtraWeightRepository);
      const row = await this.own(uow, principal, pnr);
      if (row.status !== 'ACTIVE')
        throw new AppError('EXTRA_WEIGHT_NOT_ALLOWED', { status: row.status }, 'The charge was already returned');
      if (row.trip_id !== null) {
        const trip = await this.d.trips.getIn(uow, row.trip_id);
        const boarding = trip.stops[row.from_index]?.time;
        // An omitted trip never leaves: its baggage money goes back too. A closed or departed one keeps it.
        if (trip.state === 'CLOSED' || !boarding || this.d.clock.now().getTime() >= boarding.getTime())
          throw new AppError('TRIP_IS_CLOSED');
      }
      await this.d.charging.refund(uow, {
        agentId: row.agent_id,
        companyId: row.company_id,
        userId: principal.userId,
        amountMinor: row.amount_minor,
        kind: 'EXTRA_WEIGHT_RETURN',
        reference: row.pnr,
        description: `Extra weight return ${row.pnr} on ${row.reservation_pnr}`,
      });
      const nowIso = this.d.clock.now().toISOString();
      await repo.markCancelled(row.id, nowIso, principal.userId);
      await this.event(uow, principal, row.reservation_id, 'EXTRA_WEIGHT_RETURNED', row.amount_minor, row.pnr, nowIso);
      return toCharge(await repo.byIdOrThrow(row.id));
    });
  }

  async find(principal: Principal, pnr: string): Promise<ExtraWeightCharge> {
    return toCharge(await this.d.units.read((r) => this.own(r, principal, pnr)));
  }

  async list(principal: Principal, body: ListBody) {
    assertDateOrder(body.startDate, body.endDate);
    const { from, to } = localDateRange(this.d.config.timeZone, body.startDate, body.endDate);
    const filter = {
      agentId: principal.agentId,
      companyId: body.companyId,
      from,
      to,
      status: body.status,
      reservationPnr: body.reservationPnr,
      tripId: body.tripId,
    };
    const total = await this.d.units.read((r) => r.repo(ExtraWeightRepository).count(filter));
    const window = pageWindow(body.page, body.pageSize, total);
    if (!window) return { items: [], page: body.page, pageSize: body.pageSize, total };
    const direction = window.reversed ? 'asc' : 'desc';
    const rows = await this.d.units.read((r) => r.repo(ExtraWeightRepository).page(filter, direction, window));
    if (window.reversed) rows.reverse();
    return { items: rows.map(toCharge), page: body.page, pageSize: body.pageSize, total };
  }

  async savePrint(
    principal: Principal,
    pnr: string,
    printType: 'ORIGINAL' | 'REPRINT' | 'RETURN',
  ): Promise<{ ok: true; printCount: number }> {
    const printCount = await this.d.units.run(async (uow) => {
      const row = await this.own(uow, principal, pnr);
      return uow.repo(ExtraWeightRepository).countPrint(row.id, printType);
    });
    return { ok: true, printCount };
  }

  /**
   * A charge of the caller's agent under one of the caller's companies; any other charge PNR is not found, like one
   * that does not exist. Read with `r`: the caller's unit, or a Reader.
   */
  private async own(r: Reader, principal: Principal, pnr: string): Promise<ChargeRow> {
    const row = await r.repo(ExtraWeightRepository).byPnr(pnr);
    if (!row || !principal.companyIds.includes(row.company_id) || row.agent_id !== principal.agentId)
      throw new AppError('EXTRA_WEIGHT_CHARGE_NOT_FOUND', { pnr });
    return row;
  }

  /** A charge PNR unused by reservations and charges alike, so a PNR names one thing. */
  private async allocatePnr(uow: Unit): Promise<string> {
    const repo = uow.repo(ExtraWeightRepository);
    for (;;) {
      const pnr = newPnr();
      if (!(await repo.pnrTaken(pnr))) return pnr;
    }
  }

  private async event(
    uow: Unit,
    principal: Principal,
    reservationId: number,
    action: string,
    amountMinor: number,
    remarks: string,
    at: string,
  ): Promise<void> {
    await this.d.reservations.event(uow, {
      reservationId,
      action,
      userId: principal.userId,
      outletId: principal.outletId,
      amountMinor,
      remarks,
      at,
    });
  }

  /**
   * Runs a money movement once per Idempotency-Key: a repeat answers the stored result before any rule is re-checked.
   */
  private async idempotent(
    principal: Principal,
    scope: string,
    body: unknown,
    key: string | null,
    run: (uow: Unit) => Promise<ExtraWeightCharge>,
  ): Promise<ExtraWeightCharge> {
    const request = IdempotencyService.keyed(principal.userId, key, scope, body);
    const earlier = await this.d.idempotency.earlier<ExtraWeightCharge>(request);
    if (earlier) return earlier;
    return this.d.units.run((uow) => this.d.idempotency.once(uow, request, () => run(uow)));
  }
}
