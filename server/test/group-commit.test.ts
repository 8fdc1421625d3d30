import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupConnection } from '../src/db/database';
import { groupCommitOf } from '../src/db/group-commit';
import { queryRows } from '../src/db/precompiled';
import { Unit } from '../src/db/units';
import { userId } from './helpers';
import { PhoneBook } from './phone-book';
import { create, findTrip, lock, makeUser, passenger, seg, sellingContext, type Ctx } from './selling/fixtures';
import { doubleHeldSeats, ledgerBreaks } from './selling/invariants';

/**
 * Group commit (db/group-commit.ts): units that arrive together share one
 * BEGIN IMMEDIATE ... COMMIT, each in its own savepoint. A unit that fails
 * part-way must leave nothing behind while its group-mates are stored.
 */
describe('group commit', () => {
  let t: Ctx;
  beforeAll(async () => {
    t = await sellingContext();
  });
  afterAll(() => t.close());

  const passengers = (phone: string) => new PhoneBook(t.db).count(phone);

  it('a unit that throws after writing is rolled back alone; the others of its group commit', async () => {
    const group = groupCommitOf(t.db);
    const boom = new Error('fails after its write');
    const sizes = group.recentGroupSizes.length;
    const results = await Promise.allSettled([
      group.run(async (uow) => (await uow.repo(PhoneBook).remember('gc-a'), 'a')),
      group.run(async (uow) => {
        await uow.repo(PhoneBook).remember('gc-b');
        throw boom;
      }),
      group.run(async (uow) => (await uow.repo(PhoneBook).remember('gc-c'), 'c')),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'a' },
      { status: 'rejected', reason: boom },
      { status: 'fulfilled', value: 'c' },
    ]);
    expect(group.recentGroupSizes.slice(sizes)).toEqual([3]);
    expect([await passengers('gc-a'), await passengers('gc-b'), await passengers('gc-c')]).toEqual([1, 0, 1]);
  });

  it("precompiled statements run straight on the connection inside a unit, in order with the unit's Kysely queries, and are rolled back with it; never after the group", async () => {
    const group = groupCommitOf(t.db);
    const now = t.clock.now().toISOString();
    let kept: typeof t.db | undefined;
    const boom = new Error('after both writes');
    const results = await Promise.allSettled([
      group.run(async (uow) => {
        const trx = Unit.transactionOf(uow);
        kept = trx;
        expect(trx).toBeInstanceOf(GroupConnection);
        await trx
          .insertInto('known_passengers')
          .values({
            company_id: 1,
            agent_id: 1,
            phone: 'direct-a',
            country_code: 'BD',
            name: 'kysely',
            email: null,
            updated_at: now,
          })
          .execute();
        await queryRows(trx, 'update known_passengers set name = ? where phone = ?', ['direct', 'direct-a']);
        return (
          await trx
            .selectFrom('known_passengers')
            .select('name')
            .where('phone', '=', 'direct-a')
            .executeTakeFirstOrThrow()
        ).name;
      }),
      group.run(async (uow) => {
        const trx = Unit.transactionOf(uow);
        await queryRows(
          trx,
          'insert into known_passengers (company_id, agent_id, phone, country_code, name, email, updated_at) values (1, 1, ?, ?, ?, ?, ?)',
          ['direct-b', 'BD', 'b', null, now],
        );
        throw boom;
      }),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'direct' },
      { status: 'rejected', reason: boom },
    ]);
    expect([await passengers('direct-a'), await passengers('direct-b')]).toEqual([1, 0]);
    // After the group a kept handle runs nothing, on either path (it would run outside any transaction).
    await expect(queryRows(kept!, 'select 1 as one', [])).rejects.toThrow('the group commit has ended');
    await expect(kept!.selectFrom('known_passengers').select('name').execute()).rejects.toThrow(
      'the group commit has ended',
    );
  });

  it('a sale failing mid-way (after its reservation, seats, debit and commission) leaves no rows and no charge; its group-mates are sold', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 5 });
    const perms = ['AGENT_CREATE_RESERVATION'];
    const mates = [
      await makeUser(t, 'gc-mate-1', perms, { agent: 'AG-1001', companies: ['MEGHNA'] }),
      await makeUser(t, 'gc-mate-2', perms, { agent: 'AG-1001', companies: ['MEGHNA'] }),
    ];
    const failing = await makeUser(t, 'gc-failing', perms, { agent: 'AG-2001', companies: ['MEGHNA'] });
    const tokens = [mates[0] as string, failing, mates[1] as string];
    const seats = ['D1', 'D2', 'D3'];
    for (const [i, token] of tokens.entries())
      expect((await lock(t, token, trip, [seats[i] as string])).status).toBe(200);

    const failingUser = await userId(t.db, 'gc-failing');
    const agent2 = await t.db.selectFrom('agents').select('id').where('code', '=', 'AG-2001').executeTakeFirstOrThrow();
    const account2 = await t.db
      .selectFrom('agent_accounts')
      .select('id')
      .where('agent_id', '=', agent2.id)
      .where('company_id', '=', trip.companyId)
      .executeTakeFirstOrThrow();
    const ledgerBefore = await t.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', account2.id)
      .executeTakeFirstOrThrow();
    const commissionsBefore = await t.db
      .selectFrom('commissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('agent_id', '=', agent2.id)
      .executeTakeFirstOrThrow();
    // The sale's last write is its reservation event: make exactly that fail for one user.
    await sql`create temp trigger gc_fail before insert on reservation_events when new.user_id = ${sql.lit(failingUser)} and new.action = 'SELL'
      begin select raise(abort, 'disk gone'); end`.execute(t.db);
    try {
      const group = groupCommitOf(t.db);
      const sizes = group.recentGroupSizes.length;
      const answers = await Promise.all(
        tokens.map((token, i) =>
          create(t, token, {
            companyId: trip.companyId,
            kind: 'SELL',
            ...seg(trip),
            seats: [seats[i]],
            passenger: passenger(),
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 500, 200]);
      expect(answers[1]?.body.reason).toBe('INTERNAL_SERVER_ERROR');
      expect(group.recentGroupSizes.slice(sizes)).toContain(3);
    } finally {
      await sql`drop trigger gc_fail`.execute(t.db);
    }

    const sold = await t.db
      .selectFrom('reservation_seats')
      .select('seat_name')
      .where('trip_id', '=', trip.tripId)
      .where('active', '=', 1)
      .orderBy('seat_name')
      .execute();
    expect(sold.map((s) => s.seat_name)).toEqual(['D1', 'D3']);
    expect(await t.db.selectFrom('reservations').select('id').where('user_id', '=', failingUser).execute()).toEqual([]);
    const ledgerAfter = await t.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', account2.id)
      .executeTakeFirstOrThrow();
    const commissionsAfter = await t.db
      .selectFrom('commissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('agent_id', '=', agent2.id)
      .executeTakeFirstOrThrow();
    expect([ledgerAfter.n, commissionsAfter.n]).toEqual([ledgerBefore.n, commissionsBefore.n]);
    // Its lock is still its own (the release was part of the rolled-back sale), so it can simply retry.
    const retry = await create(t, failing, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: ['D2'],
      passenger: passenger(),
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(await doubleHeldSeats(t.db)).toBe(0);
    expect(await ledgerBreaks(t)).toEqual([]);
  });

  it('the PIN SMS is part of the sale: a sale rolled back after its SMS row leaves no SMS; its group-mates have theirs', async () => {
    const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day: 6 });
    const perms = ['AGENT_CREATE_RESERVATION'];
    const mates = [
      await makeUser(t, 'sms-mate-1', perms, { agent: 'AG-1001', companies: ['MEGHNA'] }),
      await makeUser(t, 'sms-mate-2', perms, { agent: 'AG-1001', companies: ['MEGHNA'] }),
    ];
    const failing = await makeUser(t, 'sms-failing', perms, { agent: 'AG-2001', companies: ['MEGHNA'] });
    const tokens = [mates[0] as string, failing, mates[1] as string];
    const seats = ['E1', 'E2', 'E3'];
    for (const [i, token] of tokens.entries())
      expect((await lock(t, token, trip, [seats[i] as string])).status).toBe(200);
    const users = await Promise.all(['sms-mate-1', 'sms-failing', 'sms-mate-2'].map((name) => userId(t.db, name)));
    const failingUser = users[1] as number;
    const smsOf = async (user: number) =>
      t.db.selectFrom('sms_outbox').select(['text', 'purpose']).where('user_id', '=', user).execute();
    // The unit's last write is the Idempotency-Key answer, after the SMS row: make exactly that fail for one user.
    await sql`create temp trigger gc_sms_fail before insert on idempotency_keys when new.user_id = ${sql.lit(failingUser)}
      begin select raise(abort, 'disk gone'); end`.execute(t.db);
    let answers: Awaited<ReturnType<typeof create>>[];
    try {
      const group = groupCommitOf(t.db);
      const sizes = group.recentGroupSizes.length;
      answers = await Promise.all(
        tokens.map((token, i) =>
          create(
            t,
            token,
            { companyId: trip.companyId, kind: 'SELL', ...seg(trip), seats: [seats[i]], passenger: passenger() },
            { 'idempotency-key': `sms-${i}` },
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 500, 200]);
      expect(group.recentGroupSizes.slice(sizes)).toContain(3);
    } finally {
      await sql`drop trigger gc_sms_fail`.execute(t.db);
    }
    expect(await smsOf(failingUser)).toEqual([]);
    expect(await t.db.selectFrom('reservations').select('id').where('user_id', '=', failingUser).execute()).toEqual([]);
    for (const i of [0, 2]) {
      const sms = await smsOf(users[i] as number);
      expect(sms).toHaveLength(1);
      expect(sms[0]?.purpose).toBe('RESERVATION_PIN');
      expect(sms[0]?.text).toContain(answers[i]?.body.pnr);
      expect(sms[0]?.text).toContain(answers[i]?.body.pin);
    }
    // Retried, the sale is stored with exactly one PIN SMS.
    const retry = await create(t, failing, {
      companyId: trip.companyId,
      kind: 'SELL',
      ...seg(trip),
      seats: ['E2'],
      passenger: passenger(),
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect((await smsOf(failingUser)).map((m) => m.text)).toEqual([expect.stringContaining(retry.body.pin)]);
  });
});
