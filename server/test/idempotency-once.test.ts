/**
 * IdempotencyService.once, the one wrapper every money-moving call runs its
 * unit through: a retry under the same key answers what the first stored and
 * does nothing again; a failed first try stores nothing; no key, no memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUnit, unitsOf } from '../src/db/units';
import { IdempotencyService } from '../src/modules/idempotency/service';
import { createTestContext, type TestContext } from './helpers';
import { PhoneBook } from './phone-book';

describe('IdempotencyService.once', () => {
  let t: TestContext;
  let idempotency: IdempotencyService;
  let userId: number;
  beforeAll(async () => {
    t = await createTestContext();
    idempotency = new IdempotencyService(unitsOf(t.db), t.clock);
    userId = (await t.db.selectFrom('users').select('id').where('username', '=', 'agent').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A "money movement" that writes a row, so a second run would show as a second row. */
  const movement = (name: string) =>
    runUnit(t.db, (uow) =>
      idempotency.once(uow, IdempotencyService.keyed(userId, `key-${name}`, 'test', { name }), async () => {
        await uow.repo(PhoneBook).remember(name);
        return { name, count: await uow.repo(PhoneBook).count(name) };
      }),
    );

  it('runs the work once per key: a retry answers the stored answer and writes nothing', async () => {
    const first = await movement('once-a');
    const again = await movement('once-a');
    expect(again).toEqual(first);
    expect(await new PhoneBook(t.db).count('once-a')).toBe(1);
    // Before any unit, a repeat finds the same answer (earlier), without the key's lock.
    const request = IdempotencyService.keyed(userId, 'key-once-a', 'test', { name: 'once-a' });
    expect(await idempotency.earlier(request)).toEqual(first);
  });

  it('stores nothing when the work fails, so a retry with the key runs it again', async () => {
    const request = IdempotencyService.keyed(userId, 'key-fails-first', 'test', { n: 1 });
    const boom = new Error('refused the first time');
    await expect(
      runUnit(t.db, (uow) =>
        idempotency.once(uow, request, async () => {
          await uow.repo(PhoneBook).remember('fails-first');
          throw boom;
        }),
      ),
    ).rejects.toBe(boom);
    expect(await idempotency.earlier(request)).toBeNull();
    const answer = await runUnit(t.db, (uow) => idempotency.once(uow, request, async () => 'done the second time'));
    expect(answer).toBe('done the second time');
    expect(await new PhoneBook(t.db).count('fails-first')).toBe(0);
  });

  it('refuses the same key with another request, inside the unit as before it', async () => {
    await movement('reused');
    const other = IdempotencyService.keyed(userId, 'key-reused', 'test', { name: 'something else' });
    await expect(idempotency.earlier(other)).rejects.toMatchObject({ reason: 'IDEMPOTENCY_KEY_REUSED' });
    await expect(
      runUnit(t.db, (uow) => idempotency.once(uow, other, async () => 'charged again')),
    ).rejects.toMatchObject({ reason: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('without a key runs the work every time and remembers nothing', async () => {
    expect(IdempotencyService.keyed(userId, null, 'test', {})).toBeNull();
    const rowsBefore = await t.db.selectFrom('idempotency_keys').select('key').execute();
    let runs = 0;
    for (let i = 0; i < 2; i += 1)
      await runUnit(t.db, (uow) =>
        idempotency.once(uow, null, async () => {
          runs += 1;
          await uow.repo(PhoneBook).remember(`no-key-${runs}`);
        }),
      );
    expect(runs).toBe(2);
    expect([await new PhoneBook(t.db).count('no-key-1'), await new PhoneBook(t.db).count('no-key-2')]).toEqual([1, 1]);
    expect(await t.db.selectFrom('idempotency_keys').select('key').execute()).toHaveLength(rowsBefore.length);
    expect(await idempotency.earlier(null)).toBeNull();
  });
});
