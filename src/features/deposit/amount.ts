/** Amount rules of the deposit form (the server checks them again). */
export type AmountProblem = 'required' | 'positive' | 'decimals' | null;

export function amountProblem(value: number | null | undefined): AmountProblem {
  if (value === null || value === undefined || Number.isNaN(value)) return 'required';
  if (value <= 0) return 'positive';
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return 'decimals';
  return null;
}
