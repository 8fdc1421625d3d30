import type { Database } from '../../db/database';
import { insertRows } from '../../db/precompiled';

/** Coupons and their uses (one row per reservation that took a coupon, active until it is cancelled). */
export class CouponRepository {
  constructor(private readonly db: Database) {}

  /** A company's coupon by its code, whole row. */
  byCode(companyId: number, code: string) {
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** The trips of a phone's active uses of a coupon. */
  activeUses(couponId: number, phone: string) {
    return this.db
      .selectFrom('coupon_uses')
      .select(['trip_id'])
      .where('coupon_id', '=', couponId)
      .where('phone', '=', phone)
      .where('active', '=', 1)
      .execute();
  }

  async insertUse(use: {
    couponId: number;
    phone: string;
    reservationId: number;
    tripId: number | null;
    at: string;
  }): Promise<void> {
    const row = {
      coupon_id: use.couponId,
      phone: use.phone,
      reservation_id: use.reservationId,
      trip_id: use.tripId,
      created_at: use.at,
    };
    await insertRows(this.db, 'coupon_uses', [row], false);
  }

  /** A cancelled reservation gives its coupon uses back. */
  async releaseUses(reservationIds: readonly number[]): Promise<void> {
    if (reservationIds.length === 0) return;
    await this.db
      .updateTable('coupon_uses')
      .set({ active: 0 })
      .where('reservation_id', 'in', [...reservationIds])
      .execute();
  }
}
