import type { Database } from './database';

/**
 * Pairs of active seats of one trip and seat whose segments overlap: a seat
 * sold twice. Must always be 0; the tests and the sell benchmark check it.
 */
export async function doubleHeldSeats(db: Database): Promise<number> {
  const row = await db
    .selectFrom('reservation_seats as a')
    .innerJoin('reservation_seats as b', (j) =>
      j.onRef('a.trip_id', '=', 'b.trip_id').onRef('a.seat_name', '=', 'b.seat_name').onRef('a.id', '<', 'b.id'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('a.active', '=', 1)
    .where('b.active', '=', 1)
    .whereRef('a.from_index', '<', 'b.to_index')
    .whereRef('b.from_index', '<', 'a.to_index')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
