import type { FareQuote } from '@agent-portal/contract';
import type { z } from 'zod';
import type { fareQuoteRequestSchema } from '@agent-portal/contract';
import { priceSeats, chargeMinorOf } from '../../domain/pricing';
import { fieldError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import { fromMinor } from '../../lib/money';
import type { CommissionService } from '../commission/service';
import type { CouponRow } from '../coupon/service';
import { SalePlanner, type SalePlannerDeps } from '../reservation/sale-planner';

/** A quote body of its kind (SELL and BOOK: a trip and its seats; OPEN: route, seat type and count). */
export type FareQuoteBody = z.output<typeof fareQuoteRequestSchema>;

/** What the planner needs (the quote plans as the sale does), and the commission rules the quote shows. */
export interface FareQuoteDeps extends SalePlannerDeps {
  commissions: CommissionService;
}

/**
 * What createReservation would charge, without writing anything: the sale's
 * own preparation (reservation/sale-planner.ts: who may sell what, the seats,
 * their fares, the coupon), so a refusal comes here, before the preview, and
 * the same seat fares, coupon discount and charge (domain/pricing). Seat
 * locks and balance are not checked: they belong to the moment of the sale.
 */
export class FareQuoteService {
  private readonly planner: SalePlanner;

  constructor(private readonly d: FareQuoteDeps) {
    this.planner = new SalePlanner(d);
  }

  async quote(principal: Principal, body: FareQuoteBody): Promise<FareQuote> {
    this.planner.authorize(principal, body);
    if (body.couponCode && !body.phone) throw fieldError({ phone: 'required with a coupon code' });
    // The trip as stored now: no unit re-checks it after a quote.
    const plan = await this.planner.plan(principal, body, 'STORED');
    const coupon: CouponRow | null =
      body.couponCode && body.phone ? await this.planner.coupon(plan, body.couponCode, body.phone) : null;
    const priced = priceSeats(plan.drafts, coupon);
    const charged = body.kind !== 'BOOK';
    const rule = charged ? await this.d.commissions.ruleFor(principal.agentId, plan.routeId) : null;
    const commission = charged
      ? priced.seats.reduce((sum, s) => sum + this.d.commissions.seatCommission(rule, s), 0)
      : 0;
    return {
      seats: priced.seats.map((s) => ({
        name: s.name,
        seatType: s.seatType,
        fare: fromMinor(s.fareMinor),
        discount: fromMinor(s.discountMinor),
        net: fromMinor(s.fareMinor - s.discountMinor),
      })),
      fare: fromMinor(priced.fareMinor),
      discount: fromMinor(priced.discountMinor),
      total: fromMinor(priced.netMinor),
      charge: fromMinor(chargeMinorOf(priced.netMinor, charged ? 'FULL' : 'NONE')),
      commission: fromMinor(commission),
      coupon: coupon ? this.d.coupons.view(coupon) : null,
    };
  }
}
