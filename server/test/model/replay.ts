/** Replays one sequence of model commands, as written, on a world of its own (regressions.test.ts). */
import fc from 'fast-check';
import { checkCommissionTotals } from './invariants';
import type { Model } from './model';
import { freshModel } from './model';
import type { Real } from './steps';
import { nextTrips, START, type World } from './world';

/**
 * On the first pair of trips (the seeding day's night coach and one two days on), as the model's first sequence
 * runs; answers the model as the sequence left it, so a test can check the sequence got where it meant to.
 */
export async function replay(w: World, cmds: fc.AsyncCommand<Model, Real, false>[]): Promise<Model> {
  const trips = await nextTrips(w, 0);
  const real: Real = { w, seen: new Map() };
  const model = freshModel(trips, new Date(START).getTime());
  await fc.asyncModelRun(() => ({ model, real }), cmds);
  await checkCommissionTotals(real);
  return model;
}
