/** Replays one sequence of model commands, as written, on a world of its own (regressions.test.ts). */
import fc from 'fast-check';
import { checkCommissionTotals } from './invariants';
import type { Model } from './model';
import { freshModel } from './model';
import type { Real } from './steps';
import { nextTrips, START, type World } from './world';

export async function replay(w: World, cmds: fc.AsyncCommand<Model, Real, false>[]): Promise<void> {
  const trips = await nextTrips(w);
  const real: Real = { w, seen: new Map() };
  await fc.asyncModelRun(() => ({ model: freshModel(trips, new Date(START).getTime()), real }), cmds);
  await checkCommissionTotals(real);
}
