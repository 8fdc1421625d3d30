import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberedPlaceholders, queryRows } from '../../src/db/precompiled';
import { runUnit } from '../../src/db/units';
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
    await runUnit(ctx.db, async (trx) => {
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
    await runUnit(ctx.db, async (trx) => {
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
