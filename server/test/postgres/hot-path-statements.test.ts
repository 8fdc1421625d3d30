import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows, numberedPlaceholders, queryRows } from '../../src/db/precompiled';
import { batchedWrites, runUnit, Unit } from '../../src/db/units';
import { createTestContext, ENGINE, type TestContext } from '../helpers';

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

describe('writes a unit sends together (batchedWrites)', () => {
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
      batchedWrites(uow, async (writes) => {
        await insertRows(writes, 'seat_locks', [lock('X1')], false);
        await insertRows(writes, 'seat_locks', [lock('X2'), lock('X3')], false);
      }),
    );
    expect(await lockedSeats()).toEqual(['X1', 'X2', 'X3']);
  });

  it('a failing write undoes the whole unit: its batch-mates and what ran before the batch', async () => {
    const before = await lockedSeats();
    const unit = runUnit(ctx.db, async (uow) => {
      const trx = Unit.transactionOf(uow);
      await insertRows(trx, 'seat_locks', [lock('Y1')], false);
      await batchedWrites(uow, async (writes) => {
        await insertRows(writes, 'seat_locks', [lock('Y2')], false);
        // No such trip: the foreign key refuses it.
        await insertRows(writes, 'seat_locks', [lock('Y3', 987_654_321)], false);
      });
    });
    await expect(unit).rejects.toThrow(/foreign key/i);
    expect(await lockedSeats()).toEqual(before);
  });
});
