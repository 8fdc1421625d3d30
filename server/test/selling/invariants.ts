import type { Database } from '../../src/db/database';
import type { Ctx } from './fixtures';

export { doubleHeldSeats } from '../../src/db/integrity';

/** Per agent and company: unpaid commission rows vs the commission of active sold and open seats. */
export async function commissionGaps(
  db: Database,
): Promise<{ agentId: number; companyId: number; unpaid: number; active: number }[]> {
  const unpaid = await db
    .selectFrom('commissions')
    .select(['agent_id', 'company_id', (eb) => eb.fn.sum<number>('amount_minor').as('total')])
    .where('paid', '=', 0)
    .groupBy(['agent_id', 'company_id'])
    .execute();
  const active = await db
    .selectFrom('reservation_seats as s')
    .innerJoin('reservations as r', 'r.id', 's.reservation_id')
    .select(['r.agent_id', 'r.company_id', (eb) => eb.fn.sum<number>('s.commission_minor').as('total')])
    .where('s.active', '=', 1)
    .where('r.status', 'in', [1, 12])
    .groupBy(['r.agent_id', 'r.company_id'])
    .execute();
  const keys = new Set([...unpaid, ...active].map((r) => `${r.agent_id}/${r.company_id}`));
  const gaps = [];
  for (const key of keys) {
    const [agentId, companyId] = key.split('/').map(Number) as [number, number];
    const u = Number(unpaid.find((r) => r.agent_id === agentId && r.company_id === companyId)?.total ?? 0);
    const a = Number(active.find((r) => r.agent_id === agentId && r.company_id === companyId)?.total ?? 0);
    if (u !== a) gaps.push({ agentId, companyId, unpaid: u, active: a });
  }
  return gaps;
}

/** Accounts whose balance (last row) is not the sum of their ledger rows. */
export async function ledgerBreaks(t: Ctx) {
  return (await t.app.services.accounts.ledgerReport()).filter(
    (r) => !r.runningOk || r.sumMinor !== r.lastBalanceMinor,
  );
}
