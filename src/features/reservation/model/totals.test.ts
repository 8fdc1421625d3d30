import { couponDiscountMinor } from '@agent-portal/contract';
import { describe, expect, it } from 'vitest';
import { previewTotals } from './totals';

describe('preview totals', () => {
  const seats = [
    { name: 'L1', fare: 1920 },
    { name: 'L4', fare: 1920.5 },
  ];

  it('adds the fares when there is no coupon', () => {
    expect(previewTotals(seats, null)).toMatchObject({ fare: 3840.5, discount: 0, total: 3840.5 });
  });

  it('takes a fixed coupon off every seat', () => {
    const totals = previewTotals(seats, { type: 'FIXED', value: 50 });
    expect(totals.lines.map((l) => l.discount)).toEqual([50, 50]);
    expect(totals).toMatchObject({ fare: 3840.5, discount: 100, total: 3740.5 });
  });

  it('rounds a percent coupon per seat exactly as the contract (and so the server) does', () => {
    const coupon = { type: 'PERCENT' as const, value: 10 };
    const totals = previewTotals(seats, coupon);
    const expected = couponDiscountMinor(coupon, 192000) + couponDiscountMinor(coupon, 192050);
    expect(totals.discount).toBe(expected / 100);
    // 10% of 1920.50 is 192.05; of 1920 is 192: the minor-unit sum has no float drift.
    expect(totals.discount).toBe(384.05);
    expect(totals.total).toBe(3456.45);
  });

  it('never discounts more than a seat costs', () => {
    const totals = previewTotals([{ name: 'A1', fare: 30 }], { type: 'FIXED', value: 50 });
    expect(totals).toMatchObject({ discount: 30, total: 0 });
  });
});
