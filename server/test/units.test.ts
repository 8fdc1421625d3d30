import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommitOf } from '../src/db/group-commit';
import { runUnit, Unit, unitsOf } from '../src/db/units';
import { AccountService } from '../src/modules/account/service';
import { ReservationCharging } from '../src/modules/reservation/charging';
import { createTestContext, type TestContext } from './helpers';
import { PhoneBook } from './phone-book';

describe('a unit of work hands out repositories bound to its transaction', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives one repository per class and unit, writing inside the unit: kept when it ends, undone when it throws', async () => {
    const seen: PhoneBook[] = [];
    await runUnit(t.db, async (uow) => {
      const book = uow.repo(PhoneBook);
      seen.push(book);
      expect(uow.repo(PhoneBook)).toBe(book);
      await book.remember('unit-kept');
      // The unit's repository reads the unit's own write before it commits.
      expect(await book.count('unit-kept')).toBe(1);
    });
    const boom = new Error('after the write');
    await expect(
      runUnit(t.db, async (uow) => {
        seen.push(uow.repo(PhoneBook));
        await uow.repo(PhoneBook).remember('unit-undone');
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(seen[1]).not.toBe(seen[0]);
    const outside = new PhoneBook(t.db);
    expect([await outside.count('unit-kept'), await outside.count('unit-undone')]).toEqual([1, 0]);
  });

  it("the group commit's units get repositories on the group's transaction, each unit undone alone", async () => {
    const group = groupCommitOf(t.db);
    const boom = new Error('second unit fails');
    const results = await Promise.allSettled([
      group.run(async (uow) => uow.repo(PhoneBook).remember('group-a')),
      group.run(async (uow) => {
        await uow.repo(PhoneBook).remember('group-b');
        throw boom;
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    const outside = new PhoneBook(t.db);
    expect([await outside.count('group-a'), await outside.count('group-b')]).toEqual([1, 0]);
  });

  it('is made only over a transaction, and runUnit refuses a transaction (the caller passes its unit instead)', async () => {
    expect(() => new Unit(t.db)).toThrow('a unit of work runs inside a transaction');
    await runUnit(t.db, async (uow) => {
      await expect(runUnit(Unit.transactionOf(uow), async () => 'nested')).rejects.toThrow('pass the unit instead');
    });
  });

  it('a method that runs only inside a unit does not take the database: the type checker refuses it', () => {
    const charging = new ReservationCharging(new AccountService(unitsOf(t.db), t.clock));
    const movement = {
      agentId: 1,
      companyId: 1,
      userId: 1,
      amountMinor: 100,
      kind: 'TICKET_SALE',
      reference: 'TYPE-CHECK',
      description: 'never posted',
    };
    // Never called: `npm run typecheck` fails if charging ever takes a Database again (the directive goes unused).
    const outsideAUnit = () =>
      charging.charge(
        // @ts-expect-error a Database is not a Unit: a charge runs inside the sale's unit of work only
        t.db,
        movement,
      );
    expect(typeof outsideAUnit).toBe('function');
  });
});
