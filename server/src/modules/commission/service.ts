import type { Reader, Unit, Units } from '../../db/units';
import type { Clock } from '../../lib/clock';
import { TtlCache } from '../../lib/ttl-cache';
import { CommissionRepository } from './repository';

export interface CommissionRule {
  type: 'PERCENT' | 'FIXED';
  /** Percent in hundredths or paisa per seat. */
  valueHundredths: number;
  /** The company's choice (companies.commission_basis): a share of the fare after discount (NET) or before it. */
  basis: 'NET' | 'GROSS';
}

/**
 * Commission per agent and route: a percent of each seat's fare after
 * discount (or before it: the company's commission_basis) or a fixed amount
 * per seat, credited unpaid on each sale or confirmation and reversed (a
 * negative row) on cancel. Paid when the operator settles.
 */
export class CommissionService {
  private readonly rules = new TtlCache<string, CommissionRule | null>(10_000);

  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
  ) {}

  /** The agent's rule on the route, read with `r` (the caller's unit, or a Reader) when not cached. */
  ruleIn(r: Reader, agentId: number, routeId: number): Promise<CommissionRule | null> {
    return this.rules.get(`${agentId}/${routeId}`, () => r.repo(CommissionRepository).rule(agentId, routeId));
  }

  /** The agent's rule on the route, outside any unit (a fare quote). */
  ruleFor(agentId: number, routeId: number): Promise<CommissionRule | null> {
    return this.units.read((r) => this.ruleIn(r, agentId, routeId));
  }

  /**
   * One seat's commission in paisa, rounded to the paisa, on what was paid
   * for it (issue #32): the fare after the coupon's discount, or before it
   * where the company chose GROSS. A fixed amount per seat is capped at that
   * base, as it always was at the fare: a fixed commission on a free seat
   * would be the same hole a percent of its undiscounted fare is, so a seat
   * that paid nothing earns nothing, and none earns more than it paid. A
   * partial cancel reverses each cancelled seat's own commission_minor.
   */
  seatCommission(rule: CommissionRule | null, seat: { fareMinor: number; discountMinor: number }): number {
    if (!rule) return 0;
    const base = rule.basis === 'GROSS' ? seat.fareMinor : Math.max(0, seat.fareMinor - seat.discountMinor);
    return rule.type === 'FIXED'
      ? Math.min(rule.valueHundredths, base)
      : Math.round((base * rule.valueHundredths) / 10_000);
  }

  /** Inside the unit `uow`; one of its deferred writes while it defers them (Unit.deferred). */
  async credit(
    uow: Unit,
    row: {
      agentId: number;
      companyId: number;
      reservationId: number;
      amountMinor: number;
      rule: CommissionRule | null;
    },
  ): Promise<void> {
    if (row.amountMinor === 0) return;
    await uow.repo(CommissionRepository).insert({
      agentId: row.agentId,
      companyId: row.companyId,
      reservationId: row.reservationId,
      kind: row.amountMinor > 0 ? 'SALE' : 'REVERSAL',
      rateHundredths: row.rule?.valueHundredths ?? null,
      type: row.rule?.type ?? null,
      amountMinor: row.amountMinor,
      at: this.clock.now().toISOString(),
    });
  }

  /** Unpaid commission per agent and company (property tests, settlement). */
  unpaidMinor(agentId: number, companyId: number): Promise<number> {
    return this.units.read((r) => r.repo(CommissionRepository).unpaidMinor(agentId, companyId));
  }
}
