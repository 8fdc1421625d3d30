import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows, insertWithChildren, numberedPlaceholders, queryRows } from '../../src/db/precompiled';
import { runUnit, Unit } from '../../src/db/units';
import { createTestContext, ENGINE, type TestContext } from '../helpers';
import { findTrip, sell, sellingContext } from '../selling/fixtures';

/** What the connection running the unit has prepared by name (PostgreSQL keeps them per connection). */
async function preparedOnThisConnection(trx: TestContext['db']): Promise<{ name: string; statement: string }[]> {
  const { rows } = await sql<{ name: string; statement: string }>`
    select name, statement from pg_prepared_statements order by name`.execute(trx);
  return rows;
}

describe.skipIf(ENGINE !== 'postgres')('the hot path on PostgreSQL sends its statements by name', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('prepares a precompiled statement once per connection and runs it again by name; built queries stay unnamed', async () => {
    const text = 'select state from trips where id = ?';
    await runUnit(ctx.db, async (uow) => {
      const trx = Unit.transactionOf(uow);
      const first = await queryRows<{ state: string }>(trx, text, [1]);
      const again = await queryRows<{ state: string }>(trx, text, [1]);
      expect(again).toEqual(first);
      await trx.selectFrom('stations').select('id').where('id', '=', 1).execute();
      const prepared = await preparedOnThisConnection(trx);
      const named = prepared.filter((p) => p.statement === numberedPlaceholders(text));
      expect(named).toHaveLength(1);
      expect(named[0]!.name).toMatch(/^hot_\d+$/);
      expect(prepared.some((p) => p.statement.includes('"stations"'))).toBe(false);
    });
  });

  it('a named statement still answers after its table is dropped and made again (demo reset)', async () => {
    const text = 'select balance_after_minor from ledger_entries where account_id = ? order by id desc limit 1';
    await runUnit(ctx.db, async (uow) => {
      const trx = Unit.transactionOf(uow);
      await queryRows(trx, text, [1]);
      await sql`create table ledger_copy as select * from ledger_entries`.execute(trx);
      await sql`drop table ledger_entries cascade`.execute(trx);
      await sql`alter table ledger_copy rename to ledger_entries`.execute(trx);
      const rows = await queryRows<{ balance_after_minor: number }>(trx, text, [1]);
      expect(rows.length).toBeLessThanOrEqual(1);
      // Rolled back: the test's database keeps its real ledger.
      throw new RolledBack();
    }).catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  });
});

class RolledBack extends Error {}

describe('writes a unit sends together (its deferred writes, Unit.deferred)', () => {
  let ctx: TestContext;
  let tripId: number;
  let userId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    tripId = (await ctx.db.selectFrom('trips').select('id').executeTakeFirstOrThrow()).id;
    userId = (await ctx.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const lock = (seat: string, trip = tripId) => ({
    trip_id: trip,
    seat_name: seat,
    from_index: 0,
    to_index: 1,
    user_id: userId,
    expires_at: '2099-01-01T00:00:00.000Z',
  });
  const lockedSeats = async () =>
    (await ctx.db.selectFrom('seat_locks').select('seat_name').where('trip_id', '=', tripId).execute())
      .map((l) => l.seat_name)
      .sort();

  it('stores every write of the batch, in the unit', async () => {
    await runUnit(ctx.db, (uow) =>
      uow.deferred(async () => {
        const trx = Unit.transactionOf(uow);
        await insertRows(trx, 'seat_locks', [lock('X1')], false);
        await insertRows(trx, 'seat_locks', [lock('X2'), lock('X3')], false);
      }),
    );
    expect(await lockedSeats()).toEqual(['X1', 'X2', 'X3']);
  });

  it('a failing write undoes the whole unit: its batch-mates and what ran before the batch', async () => {
    const before = await lockedSeats();
    const unit = runUnit(ctx.db, async (uow) => {
      const trx = Unit.transactionOf(uow);
      await insertRows(trx, 'seat_locks', [lock('Y1')], false);
      await uow.deferred(async () => {
        await insertRows(trx, 'seat_locks', [lock('Y2')], false);
        // No such trip: the foreign key refuses it.
        await insertRows(trx, 'seat_locks', [lock('Y3', 987_654_321)], false);
      });
    });
    await expect(unit).rejects.toThrow(/foreign key/i);
    expect(await lockedSeats()).toEqual(before);
  });

  it("sends a unit's deferred writes before its next statement, which sees them (PostgreSQL: they wait until then)", async () => {
    const insert =
      'insert into seat_locks (trip_id, seat_name, from_index, to_index, user_id, expires_at) values (?, ?, ?, ?, ?, ?)';
    const seen = await runUnit(ctx.db, async (uow) => {
      const l = lock('Z1');
      await uow.later(insert, [l.trip_id, l.seat_name, l.from_index, l.to_index, l.user_id, l.expires_at]);
      const l2 = lock('Z2');
      await uow.later(insert, [l2.trip_id, l2.seat_name, l2.from_index, l2.to_index, l2.user_id, l2.expires_at]);
      return queryRows<{ seat_name: string }>(
        Unit.transactionOf(uow),
        "select seat_name from seat_locks where trip_id = ? and seat_name like 'Z%' order by seat_name",
        [tripId],
      );
    });
    expect(seen.map((r) => r.seat_name)).toEqual(['Z1', 'Z2']);
    expect(await lockedSeats()).toEqual(expect.arrayContaining(['Z1', 'Z2']));
  });
});

/**
 * A sale stores its reservation and seats in one statement on PostgreSQL (insertWithChildren, the rows answered as
 * JSON). What it answers must be the stored rows exactly, as reading them back gives them: the same numbers, texts
 * and nulls, defaults filled in, the seats in their order.
 */
describe.skipIf(ENGINE !== 'postgres')('a row and its children in one statement (insertWithChildren)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await sellingContext();
    // One sale to copy from.
    await sell(ctx, await ctx.login('agent'), await findTrip(ctx, { company: 'MEGHNA', route: 'DHK-CTG', day: 3 }), [
      'A1',
    ]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** The sale's reservation and its seat, without what the database assigns. */
  async function model() {
    const sold = ctx.db.selectFrom('reservations').selectAll().where('trip_id', 'is not', null).orderBy('id');
    const { id, print_count: _prints, ...row } = await sold.executeTakeFirstOrThrow();
    const seats = ctx.db.selectFrom('reservation_seats').selectAll().where('reservation_id', '=', id);
    const { id: _id, reservation_id: _of, ...seat } = await seats.executeTakeFirstOrThrow();
    return { row, seat };
  }
  const together = (row: Record<string, unknown>, seats: Record<string, unknown>[]) =>
    runUnit(ctx.db, (uow) =>
      insertWithChildren<'reservations', 'reservation_seats', Record<string, unknown>, Record<string, unknown>>(
        Unit.transactionOf(uow),
        { table: 'reservations', row },
        { table: 'reservation_seats', parentColumn: 'reservation_id', rows: seats },
      ),
    );

  it('answers the rows as stored: defaults and nulls included, the children in order, numbers as numbers', async () => {
    const { row, seat } = await model();
    const stored = await together({ ...row, pnr: 'TESTINSERT', passenger_email: null, expires_at: null }, [
      { ...seat, seat_name: 'B1' },
      { ...seat, seat_name: 'B2', discount_minor: 125 },
      { ...seat, seat_name: 'B3', trip_id: null },
    ]);
    const id = stored.row.id as number;
    expect(typeof id).toBe('number');
    expect(stored.row).toEqual(
      await ctx.db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst(),
    );
    expect(stored.row).toMatchObject({ pnr: 'TESTINSERT', passenger_email: null, print_count: 0 });
    expect(stored.children).toEqual(
      await ctx.db.selectFrom('reservation_seats').selectAll().where('reservation_id', '=', id).orderBy('id').execute(),
    );
    expect(stored.children.map((s) => [s.seat_name, s.discount_minor, s.trip_id])).toEqual([
      ['B1', seat.discount_minor, seat.trip_id],
      ['B2', 125, seat.trip_id],
      ['B3', seat.discount_minor, null],
    ]);
  });

  it('stores neither when one fails: a taken PNR leaves no seats behind', async () => {
    const { row, seat } = await model();
    const seatsBefore = (await ctx.db.selectFrom('reservation_seats').select('id').execute()).length;
    await expect(together(row, [{ ...seat, seat_name: 'C1' }])).rejects.toThrow(/unique|duplicate/i);
    expect(await ctx.db.selectFrom('reservation_seats').select('id').execute()).toHaveLength(seatsBefore);
  });
});
