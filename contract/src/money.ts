/**
 * Money arithmetic shared by the server and the portal's previews: amounts
 * are integer minor units (paisa) inside, 2-decimal numbers on the wire.
 */
export const toMinor = (amount: number): number => Math.round(amount * 100);
export const toMajor = (minor: number): number => minor / 100;

/** The discount a coupon gives on one seat's fare, in minor units, never more than the fare. */
export function couponDiscountMinor(coupon: { type: 'FIXED' | 'PERCENT'; value: number }, fareMinor: number): number {
  const raw = coupon.type === 'FIXED' ? toMinor(coupon.value) : Math.floor((fareMinor * coupon.value) / 100);
  return Math.max(0, Math.min(fareMinor, raw));
}
