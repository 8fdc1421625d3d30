/**
 * Money records of the demo world (issue #5): deposit requests of the demo
 * agent in every state, so the Deposit and Transaction screens have rows on
 * a fresh database. The approved one is credited through the ledger (the
 * opening deposit is that much smaller, so the demo balance stays ৳50,000).
 * Times are relative to the seeding clock, so every run writes the same rows.
 */
import type { Clock } from '../../lib/clock';
import { HOUR_MS } from '../../lib/clock';
import { toMinor } from '../../lib/money';
import { AccountService } from '../../modules/account/service';
import type { Database } from '../database';
import { Unit, unitsOf } from '../units';

export const DEMO_DEPOSITS: ReadonlyArray<{
  reference: string;
  amount: number;
  hoursAgo: number;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  description: string;
  remarks: string | null;
}> = [
  {
    reference: 'DBBL-2026-0001',
    amount: 10_000,
    hoursAgo: 50,
    status: 'APPROVED',
    description: 'Cash deposit at Dutch-Bangla Bank, Motijheel',
    remarks: 'Slip handed to the operator',
  },
  {
    reference: 'CITY-2026-0002',
    amount: 2_500,
    hoursAgo: 26,
    status: 'REJECTED',
    description: 'bKash transfer',
    remarks: 'Sent to the wrong number',
  },
  {
    reference: 'BRAC-2026-0003',
    amount: 5_000,
    hoursAgo: 2,
    status: 'PENDING',
    description: 'Online transfer from BRAC Bank',
    remarks: null,
  },
];
export const DEMO_DEPOSIT_USER = 'agent';
export const DEMO_DEPOSIT_COMPANY = 'PADMA';
export const DEMO_EMPLOYEE = 'Demo operator';

export async function seedDemoRecords(db: Database, clock: Clock): Promise<void> {
  const now = clock.now();
  const accounts = new AccountService(unitsOf(db), clock);
  await unitsOf(db).run(async (uow) => {
    const trx = Unit.transactionOf(uow);
    const user = await trx
      .selectFrom('users')
      .select(['id', 'agent_id', 'outlet_id'])
      .where('username', '=', DEMO_DEPOSIT_USER)
      .executeTakeFirstOrThrow();
    const company = await trx
      .selectFrom('companies')
      .select('id')
      .where('code', '=', DEMO_DEPOSIT_COMPANY)
      .executeTakeFirstOrThrow();
    const account = await trx
      .selectFrom('agent_accounts')
      .select('id')
      .where('agent_id', '=', user.agent_id)
      .where('company_id', '=', company.id)
      .executeTakeFirstOrThrow();
    for (const d of DEMO_DEPOSITS) {
      const requested = new Date(now.getTime() - d.hoursAgo * HOUR_MS).toISOString();
      const decided =
        d.status === 'PENDING'
          ? null
          : d.status === 'APPROVED'
            ? now.toISOString()
            : new Date(now.getTime() - (d.hoursAgo - 4) * HOUR_MS).toISOString();
      const { id } = await trx
        .insertInto('deposit_requests')
        .values({
          agent_id: user.agent_id,
          company_id: company.id,
          user_id: user.id,
          outlet_id: user.outlet_id,
          amount_minor: toMinor(d.amount),
          reference_number: d.reference,
          description: d.description,
          remarks: d.remarks,
          status: d.status,
          created_at: requested,
          decided_at: decided,
          employee: d.status === 'PENDING' ? null : DEMO_EMPLOYEE,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (d.status !== 'APPROVED') continue;
      // Posted at the seeding time, after the opening row, so the ledger's time order is its append order.
      const { entryId } = await accounts.post(uow, {
        accountId: account.id,
        entryType: 'CREDIT',
        amountMinor: toMinor(d.amount),
        kind: 'DEPOSIT',
        reference: d.reference,
        description: `Deposit DP${String(id).padStart(8, '0')}: ${d.description}`,
        userId: user.id,
      });
      await trx.updateTable('deposit_requests').set({ ledger_entry_id: entryId }).where('id', '=', id).execute();
    }
  });
}
