import { couponDiscountMinor, type Coupon } from '@agent-portal/contract';
import type { Reader, Unit, Units } from '../../db/units';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { fromHundredths } from '../../lib/money';
import { canonicalPhoneOrFieldError } from '../../lib/phone';
import { CouponRepository } from './repository';

export interface CouponRow {
  id: number;
  code: string;
  type: 'FIXED' | 'PERCENT';
  /** Taka per seat (FIXED) or percent (PERCENT), as the contract's couponDiscountMinor takes it. */
  value: number;
  validUntil: string;
  perPhoneLimit: number | null;
  usedByPhone: number;
}

/** What a coupon is asked for: its code in a company, on a route and trip, for a phone. */
export interface CouponQuery {
  companyId: number;
  code: string;
  routeId: number;
  tripId: number | null;
  phone: string;
}

/**
 * Discount coupons: fixed money or a percent per seat, a validity window,
 * optionally one route, and a per-phone use limit counted over active
 * reservations (a cancelled one gives the use back), phones compared in
 * their canonical form (contract/src/phone.ts).
 */
export class CouponService {
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
  ) {}

  /** Outside any unit (a look-up): the coupon if it applies to this trip and phone; else the rule's reason. */
  validate(q: CouponQuery): Promise<CouponRow> {
    return this.units.read((r) => this.check(r, q, null));
  }

  /**
   * Inside a sale's unit: as validate, the coupon locked first (PostgreSQL) so that its uses are counted, then one
   * added, by one sale at a time.
   */
  validateIn(uow: Unit, q: CouponQuery): Promise<CouponRow> {
    return this.check(uow, q, uow);
  }

  /** The coupon if it applies to this trip (its company and route) and phone; else the rule's reason. */
  private async check(r: Reader, q: CouponQuery, lockIn: Unit | null): Promise<CouponRow> {
    const repo = r.repo(CouponRepository);
    const row = await repo.byCode(q.companyId, q.code.trim());
    if (!row) throw new AppError('DISCOUNT_COUPON_NOT_FOUND', { couponCode: q.code });
    const now = this.clock.now().toISOString();
    if (row.active !== 1 || now < row.valid_from || now > row.valid_until)
      throw new AppError(
        'INVALID_DISCOUNT_COUPON',
        { couponCode: row.code, validUntil: row.valid_until },
        'The coupon is not valid now',
      );
    if (row.route_id !== null && row.route_id !== q.routeId)
      throw new AppError('INVALID_DISCOUNT_COUPON', { couponCode: row.code }, 'The coupon is not valid for this trip');
    // One number however it is written (+8801..., 8801..., 01...): uses are stored and counted in the canonical form.
    const phone = canonicalPhoneOrFieldError(q.phone, 'phone');
    // Inside a sale's unit the uses are counted then one added: one sale at a time per coupon.
    if (lockIn) await lockIn.lockRow('coupons', row.id);
    const uses = await repo.activeUses(row.id, phone);
    // The same phone with the same coupon on the same trip is a duplicate; the limit counts trips.
    if (q.tripId !== null && uses.some((u) => u.trip_id === q.tripId))
      throw new AppError('DUPLICATE_DISCOUNT_COUPON', { couponCode: row.code });
    if (row.per_phone_limit !== null && uses.length >= row.per_phone_limit)
      throw new AppError(
        'DISCOUNT_COUPON_LIMIT_EXCEEDED',
        { couponCode: row.code, limit: row.per_phone_limit },
        'The coupon was already used',
      );
    return {
      id: row.id,
      code: row.code,
      type: row.coupon_type,
      value: fromHundredths(row.value_hundredths),
      validUntil: row.valid_until,
      perPhoneLimit: row.per_phone_limit,
      usedByPhone: uses.length,
    };
  }

  discountMinor(coupon: CouponRow, fareMinor: number): number {
    return couponDiscountMinor(coupon, fareMinor);
  }

  view(c: CouponRow): Coupon {
    // remainingUses: -1 means no per-phone limit.
    return {
      couponCode: c.code,
      type: c.type,
      value: c.value,
      validUntil: new Date(c.validUntil).toISOString(),
      remainingUses: c.perPhoneLimit === null ? -1 : Math.max(0, c.perPhoneLimit - c.usedByPhone),
    };
  }

  /** Inside the unit `uow`; one of its deferred writes while it defers them (Unit.deferred). */
  async recordUse(
    uow: Unit,
    couponId: number,
    phone: string,
    reservationId: number,
    tripId: number | null,
  ): Promise<void> {
    await uow.repo(CouponRepository).insertUse({
      couponId,
      phone: canonicalPhoneOrFieldError(phone, 'passenger.phone'),
      reservationId,
      tripId,
      at: this.clock.now().toISOString(),
    });
  }

  /** The coupon uses of cancelled or lapsed reservations count no more. */
  async releaseUses(uow: Unit, ...reservationIds: number[]): Promise<void> {
    await uow.repo(CouponRepository).releaseUses(reservationIds);
  }
}
