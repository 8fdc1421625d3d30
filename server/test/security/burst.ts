import type { TestContext } from '../helpers';

/**
 * Fires a burst while the one database connection is busy for a moment, as
 * it is whenever a transaction is in flight on a working server: the
 * requests queue for the connection, then go on together, statement by
 * statement (on an idle connection each would run through in one go and a
 * read-then-write race would hide).
 */
export async function burstWhileBusy<T>(t: TestContext, fire: () => Promise<T>[]): Promise<T[]> {
  let release!: () => void;
  let begun!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const started = new Promise<void>((resolve) => (begun = resolve));
  const busy = t.db.transaction().execute(async () => {
    begun();
    await held;
  });
  await started;
  const pending = fire();
  setTimeout(release, 50);
  const answers = await Promise.all(pending);
  await busy;
  return answers;
}
