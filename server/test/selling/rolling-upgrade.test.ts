/**
 * A rolling upgrade: a new version's migration adds columns while the old
 * server processes keep selling. On PostgreSQL their pooled connections
 * prepared the hot path's statements by name before it (db/prepared-names.ts),
 * and PostgreSQL refuses to run again a prepared statement whose result
 * columns changed ("cached plan must not change result type", SQLSTATE
 * 0A000), on that connection, for as long as it lives: a deposit's approval
 * failed there, on every old process, until it was restarted. SQLite
 * prepares such a statement again by itself. On both, a sale, a refund and a
 * deposit's approval must go through, and no call answer a 5xx; and an old
 * process that starts again on the migrated database runs on it as it is.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, migrateToLatest, openDatabase } from '../../src/db/database';
import { MIGRATIONS } from '../../src/db/migrations';
import { everyEndpoint, sendAs, validRequests } from '../security/contract-requests';
import {
  create,
  findTrip,
  lock,
  openTicketBody,
  runOperator,
  saleBody,
  sellingContext,
  ticketOp,
  type Ctx,
} from './fixtures';

/** What a counter and the accounts office do in a day: a sale, an open ticket, a refund, an approved deposit. */
async function aDaysWork(t: Ctx, token: string, day: number, seats: [string, string]): Promise<number[]> {
  const trip = await findTrip(t, { company: 'MEGHNA', route: 'DHK-CTG', day });
  const statuses: number[] = [];
  for (const seat of seats) {
    statuses.push((await lock(t, token, trip, [seat])).status);
    const sold = await create(t, token, saleBody(trip, [seat]));
    statuses.push(sold.status);
    if (seat === seats[1]) {
      const quote = await t.call('POST', '/api/reservation/byPnrAndPin', {
        token,
        body: { pnr: sold.body.pnr, pin: sold.body.pin },
      });
      statuses.push(
        (
          await ticketOp(t, token, {
            pnr: sold.body.pnr,
            pin: sold.body.pin,
            action: 2,
            returnAmount: quote.body.returnAmount,
          })
        ).status,
      );
    }
  }
  const open = await create(t, token, openTicketBody(trip));
  statuses.push(open.status);
  const deposit = await t.call('POST', '/api/account/deposit', {
    token,
    body: { companyId: trip.companyId, amount: 500, confirmAmount: 500, referenceNumber: `UPGRADE-${day}` },
  });
  statuses.push(deposit.status);
  statuses.push((await runOperator(t, 'deposit', 'approve', deposit.body.transactionId)).code === 0 ? 200 : 500);
  return statuses;
}

describe('statements prepared before a migration added columns', () => {
  let t: Ctx;
  beforeAll(async () => {
    // One pooled connection: every statement prepared before the migration is on the connection used after it.
    t = await sellingContext({ DATABASE_POOL_SIZE: '1' });
  });
  afterAll(() => t?.close());

  it('the old process sells, refunds and approves as before, with no 5xx on any call, and starts again on it', async () => {
    const token = await t.login('agent');
    expect(await aDaysWork(t, token, 2, ['A1', 'A2'])).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    const bases = await validRequests(t, token);
    /** Every call of the contract with its valid request, as a session of its own that signs out last. */
    const callAll = async () => {
      const session = await t.login('agent');
      const signOutLast = everyEndpoint().sort(
        (a, b) => Number(a.key === 'authApi.logout') - Number(b.key === 'authApi.logout'),
      );
      const answers: Record<string, number> = {};
      for (const { key, endpoint } of signOutLast)
        answers[key] = (
          await sendAs(t, endpoint.auth === 'public' ? undefined : session)(endpoint, bases[key] ?? {})
        ).status;
      return answers;
    };
    const before = await callAll();

    // The new version, in another process: a column on every table.
    const newVersion = openDatabase(t.config.database);
    try {
      // Kysely's introspection lists the tables on either engine (not its own migration tables).
      const rows = (await newVersion.introspection.getTables()).filter((table) => !table.isView);
      expect(rows.length).toBeGreaterThan(30);
      const later = {
        ...MIGRATIONS,
        '9999_upgrade_notes': {
          async up(db: typeof newVersion) {
            for (const { name } of rows)
              await sql`alter table ${sql.id(name)} add column upgrade_note text`.execute(db);
          },
        },
      };
      expect(await migrateToLatest(newVersion, { migrations: later })).toEqual(['9999_upgrade_notes']);
    } finally {
      await closeDatabase(newVersion);
    }

    const relogin = await t.login('agent');
    expect(await aDaysWork(t, relogin, 3, ['B1', 'B2'])).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    // The same calls again (some now refused for what the first round did: a reference used, a PNR locked by wrong
    // PINs), none of them a 5xx.
    const serverErrors = (answers: Record<string, number>) =>
      Object.entries(answers).filter(([, status]) => status >= 500);
    expect(serverErrors(before)).toEqual([]);
    expect(serverErrors(await callAll())).toEqual([]);

    // An old process restarting now (or the old version rolled back to) starts on the migrated database as it is,
    // and says so. Before: "corrupted migrations: previously executed migration 9999_upgrade_notes is missing".
    const told: string[][] = [];
    expect(await migrateToLatest(t.db, { onNewerVersion: (names) => told.push(names) })).toEqual([]);
    expect(told).toEqual([['9999_upgrade_notes']]);
    expect((await runOperator(t, 'migrate')).out).toEqual([
      'database migrated by a newer version (9999_upgrade_notes): nothing to apply',
    ]);
    // A version that lacks one of this version's migrations is not run on it: that would be neither.
    const sideways = { ...MIGRATIONS, '9998_elsewhere': { up: async () => undefined } };
    await expect(migrateToLatest(t.db, { migrations: sideways })).rejects.toThrow(
      /carries migrations of another version \(9999_upgrade_notes\) and lacks 9998_elsewhere of this one/,
    );
  }, 60_000);
});
