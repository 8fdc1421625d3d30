/**
 * Money is integer minor units (paisa) inside the server and a decimal
 * number with at most 2 decimals on the wire.
 */
export type Minor = number;

export function toMinor(amount: number): Minor {
  const minor = Math.round(amount * 100);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount out of range: ${amount}`);
  return minor;
}

export function fromMinor(minor: Minor): number {
  return minor / 100;
}

/** Percent and similar ratios are stored as hundredths too (250 = 2.5). */
export const fromHundredths = fromMinor;
export const toHundredths = toMinor;

export const BDT = { code: 'BDT', symbol: '৳' } as const;
