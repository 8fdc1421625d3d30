import { ReservationStatus, historyRemarkText } from '@agent-portal/contract';
import type { Unit } from '../../db/units';
import { chargeMinorOf, priceSeats, type ChargeMode, type SeatDraft } from '../../domain/pricing';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { newPnr } from '../../lib/secrets';
import type { CommissionService } from '../commission/service';
import type { CouponRow, CouponService } from '../coupon/service';
import type { PassengerInput, PassengerService } from '../passenger/service';
import type { SegmentRef } from '../trip/types';
import type { ReservationCharging } from './charging';
import { ReservationRepository } from './repository';
import type { ReservationRow, ReservationSeatRow } from './rows';
import { assertStateChanged } from './state-change';

export type { SeatDraft } from '../../domain/pricing';

export interface SaleInput {
  pnr: string;
  pinHash: string;
  status: number;
  kind: ReservationRow['kind'];
  companyId: number;
  tripId: number | null;
  routeId: number;
  segment: SegmentRef;
  originStationId: number;
  destinationStationId: number;
  passenger: PassengerInput & { remarks?: string | undefined };
  drafts: SeatDraft[];
  coupon: CouponRow | null;
  expiresAt: string | null;
  referencePnr: string | null;
  /** The smallest fine percent the ticket cancels at (reservations.fine_floor_percent, migration-rule.ts). */
  fineFloorPercent: number;
  /** NONE: a booking; FULL: a sale; a migration pays only what exceeds what the old one was charged. */
  charge: ChargeMode;
  /**
   * The caller's own write-only rows (rows nothing in the sale reads back), given the stored reservation: run while
   * the unit defers its writes (Unit.deferred), so they are sent with the sale's others, one round trip on PostgreSQL.
   */
  alsoWrite?: (row: ReservationRow) => Promise<void>;
}

/**
 * A PNR not yet used. Where a unique violation reruns the unit (Unit.rerunsOnDuplicateKey), the unique key on
 * reservations.pnr decides without a read: a collision (one in 36^10 per stored PNR) fails the insert and the rerun
 * draws a new PNR. Elsewhere it is looked up inside the unit first.
 */
export async function allocatePnr(uow: Unit): Promise<string> {
  if (uow.rerunsOnDuplicateKey) return newPnr();
  for (;;) {
    const pnr = newPnr();
    if (!(await uow.repo(ReservationRepository).pnrExists(pnr))) return pnr;
  }
}

export const LEDGER_KIND_BY_RESERVATION_KIND: Record<string, string> = {
  SELL: 'TICKET_SALE',
  OPEN: 'OPEN_TICKET_SALE',
  MIGRATE: 'TRIP_MIGRATION',
};

/** The writes every sale path shares, inside the caller's transaction. */
export class SaleWriter {
  constructor(
    private readonly clock: Clock,
    private readonly commissions: CommissionService,
    private readonly charging: ReservationCharging,
    private readonly coupons: CouponService,
    private readonly passengers: PassengerService,
  ) {}

  async write(
    uow: Unit,
    principal: Principal,
    s: SaleInput,
  ): Promise<{ row: ReservationRow; seats: ReservationSeatRow[] }> {
    const nowIso = this.clock.now().toISOString();
    const charged = s.charge !== 'NONE';
    const rule = charged ? await this.commissions.ruleIn(uow, principal.agentId, s.routeId) : null;
    const priced = priceSeats(s.drafts, s.coupon);
    const seats = priced.seats.map((d) => ({
      trip_id: s.tripId,
      seat_name: d.name,
      seat_type: d.seatType,
      from_index: s.segment.fromIndex,
      to_index: s.segment.toIndex,
      fare_minor: d.fareMinor,
      discount_minor: d.discountMinor,
      commission_minor: charged ? this.commissions.seatCommission(rule, d) : 0,
      status: s.status,
      active: 1 as const,
    }));
    const { fareMinor: fare, discountMinor: discount, netMinor: net } = priced;
    const chargeMinor = chargeMinorOf(net, s.charge);
    // Rows the sale writes and never reads back (the ledger row, commission, coupon use, history row, remembered
    // passenger, the caller's own), sent together once the reservation is in: one round trip on PostgreSQL.
    return uow.deferred(async () => {
      await this.charging.charge(uow, {
        agentId: principal.agentId,
        companyId: s.companyId,
        userId: principal.userId,
        amountMinor: chargeMinor,
        kind: LEDGER_KIND_BY_RESERVATION_KIND[s.kind] ?? 'TICKET_SALE',
        reference: s.pnr,
        description: `${s.kind === 'MIGRATE' ? 'Trip migration' : 'Ticket sale'} ${s.pnr}: ${seats.map((x) => x.seat_name).join(', ')}`,
      });
      const repo = uow.repo(ReservationRepository);
      const stored = await repo.insert(
        {
          pnr: s.pnr,
          pin_hash: s.pinHash,
          status: s.status,
          kind: s.kind,
          company_id: s.companyId,
          trip_id: s.tripId,
          route_id: s.routeId,
          from_index: s.segment.fromIndex,
          to_index: s.segment.toIndex,
          origin_station_id: s.originStationId,
          destination_station_id: s.destinationStationId,
          passenger_name: s.passenger.name,
          passenger_phone: s.passenger.phone,
          passenger_country: s.passenger.countryCode,
          passenger_email: s.passenger.email ? s.passenger.email : null,
          passenger_remarks: s.passenger.remarks ?? null,
          agent_id: principal.agentId,
          outlet_id: principal.outletId,
          user_id: principal.userId,
          fare_minor: fare,
          discount_minor: discount,
          charged_minor: s.charge === 'NONE' ? 0 : s.charge === 'FULL' ? net : s.charge.alreadyPaidMinor + chargeMinor,
          coupon_id: s.coupon?.id ?? null,
          reference_pnr: s.referencePnr,
          fine_floor_percent: s.fineFloorPercent,
          expires_at: s.expiresAt,
          created_at: nowIso,
          updated_at: nowIso,
        },
        seats,
      );
      const id = stored.row.id;
      await this.commissions.credit(uow, {
        agentId: principal.agentId,
        companyId: s.companyId,
        reservationId: id,
        amountMinor: seats.reduce((sum, x) => sum + x.commission_minor, 0),
        rule,
      });
      if (s.coupon) await this.coupons.recordUse(uow, s.coupon.id, s.passenger.phone, id, s.tripId);
      await repo.event({
        reservationId: id,
        action: s.kind,
        userId: principal.userId,
        outletId: principal.outletId,
        amountMinor: chargeMinor,
        remarks: s.referencePnr ? historyRemarkText({ code: 'MIGRATED_FROM', params: { pnr: s.referencePnr } }) : null,
        at: nowIso,
        owner: { agentId: stored.row.agent_id, companyId: stored.row.company_id },
      });
      // The selling agent's memory in the sale's company: another agent's passengers are not theirs to read or
      // overwrite.
      await this.passengers.remember(uow, { agentId: principal.agentId, companyId: s.companyId }, s.passenger);
      await s.alsoWrite?.(stored.row);
      return stored;
    });
  }

  /**
   * The migrated-from reservation: status 10, seats freed, its commission reversed. Retired only from the status the
   * migration read and checked (the unit holds its row lock, create-service.ts): anything else is RESERVATION_CHANGED
   * and the unit, the new ticket with it, is undone.
   */
  async retireMigrated(uow: Unit, principal: Principal, source: ReservationRow, newPnr: string): Promise<void> {
    const nowIso = this.clock.now().toISOString();
    const repo = uow.repo(ReservationRepository);
    assertStateChanged(await repo.setStatus(source.id, source.status, ReservationStatus.TRIP_MIGRATED, nowIso), source);
    const active = (await repo.seats(source.id)).filter((x) => x.active === 1);
    assertStateChanged(
      await repo.setSeats(
        active.map((x) => x.id),
        { status: ReservationStatus.TRIP_MIGRATED, active: 0 },
      ),
      source,
    );
    const commission = active.reduce((sum, x) => sum + x.commission_minor, 0);
    if (source.agent_id !== null)
      await this.commissions.credit(uow, {
        agentId: source.agent_id,
        companyId: source.company_id,
        reservationId: source.id,
        amountMinor: -commission,
        rule: null,
      });
    await repo.event({
      reservationId: source.id,
      action: 'TRIP_MIGRATED',
      userId: principal.userId,
      outletId: principal.outletId,
      remarks: historyRemarkText({ code: 'MIGRATED_TO', params: { pnr: newPnr } }),
      at: nowIso,
      owner: { agentId: source.agent_id, companyId: source.company_id },
    });
  }
}
