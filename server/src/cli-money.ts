/**
 * Operator commands about money: deposits (approve, reject, list) and
 * commission settlement. cli.ts dispatches here.
 */
import { depositStatusSchema, localDateSchema } from '@agent-portal/contract';
import type { Services } from './services';

export const MONEY_HELP = `  deposits [--status PENDING|APPROVED|REJECTED]
                                           deposit requests, oldest first (default: all)
  deposit approve|reject <transactionId> [--employee name]
                                           approve (credits the agent's account) or reject a PENDING request
  commissions settle <username|agentCode> [--until yyyy-MM-dd] [--employee name]
                                           mark the agent's unpaid commission rows paid (up to the end of a local date)
  commissions basis <companyCode> [NET|GROSS]
                                           show or set what the company's commission is a share of: the fare after
                                           discount (NET, the default) or before it (GROSS)`;

export class MoneyUsageError extends Error {}

interface Io {
  out(line: string): void;
}

/** --name value pairs; anything else is wrong usage. */
function options(args: string[], allowed: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i] ?? '';
    const value = args[i + 1];
    if (!allowed.includes(flag) || value === undefined || value.startsWith('--') || value.trim() === '')
      throw new MoneyUsageError(`expected ${allowed.join(' or ')} with a value, got "${flag}"`);
    out[flag.slice(2)] = value;
  }
  return out;
}

const money = (n: number): string => n.toFixed(2);

/** Runs a records command; null when `command` is not one of them. */
export async function runMoneyCommand(
  command: string,
  args: string[],
  services: Services,
  io: Io,
): Promise<number | null> {
  switch (command) {
    case 'deposits': {
      const { status } = options(args, ['--status']);
      const parsed = status === undefined ? null : depositStatusSchema.safeParse(status.toUpperCase());
      if (parsed && !parsed.success) throw new MoneyUsageError('--status must be PENDING, APPROVED or REJECTED');
      const rows = await services.depositOperator.list(parsed?.data ?? null);
      io.out(
        ['TRANSACTION_ID', 'DATE_TIME', 'AGENT', 'COMPANY', 'USER', 'AMOUNT', 'REFERENCE', 'STATUS', 'EMPLOYEE'].join(
          '\t',
        ),
      );
      for (const d of rows)
        io.out(
          [
            d.transactionId,
            d.dateTime,
            d.agentCode,
            d.companyCode,
            d.user,
            money(d.amount),
            d.referenceNumber,
            d.status,
            d.employee ?? '-',
          ].join('\t'),
        );
      return 0;
    }
    case 'deposit': {
      const [action, transactionId, ...rest] = args;
      if ((action !== 'approve' && action !== 'reject') || !transactionId)
        throw new MoneyUsageError('usage: deposit approve|reject <transactionId> [--employee name]');
      const { employee = 'operator' } = options(rest, ['--employee']);
      const { deposit, balanceAfter } = await services.depositOperator.decide(
        transactionId,
        action === 'approve' ? 'APPROVE' : 'REJECT',
        employee,
      );
      io.out(
        `deposit ${deposit.transactionId} ${deposit.status} by ${employee}: ${money(deposit.amount)} (${deposit.referenceNumber})${balanceAfter === null ? '' : `; balance now ${money(balanceAfter)}`}`,
      );
      return 0;
    }
    case 'commissions': {
      const [action, who, ...rest] = args;
      if (action === 'basis' && who && rest.length <= 1) {
        const wanted = rest[0]?.toUpperCase();
        if (wanted !== undefined && wanted !== 'NET' && wanted !== 'GROSS')
          throw new MoneyUsageError('usage: commissions basis <companyCode> [NET|GROSS]');
        const set = await services.commissionRecords.basis(who, wanted);
        io.out(
          `company ${set.companyCode}: commission on the ${set.basis} fare (${set.basis === 'GROSS' ? 'before' : 'after'} discount)`,
        );
        return 0;
      }
      if (action !== 'settle' || !who)
        throw new MoneyUsageError(
          'usage: commissions settle <username|agentCode> [--until yyyy-MM-dd] [--employee name]',
        );
      const { until, employee = 'operator' } = options(rest, ['--until', '--employee']);
      if (until !== undefined && !localDateSchema.safeParse(until).success)
        throw new MoneyUsageError('--until must be a date yyyy-MM-dd');
      const settled = await services.commissionRecords.settle(who, { employee, ...(until ? { until } : {}) });
      io.out(
        `agent ${settled.agentCode}: ${settled.rows} commission row(s) settled, net ${money(settled.amount)}, by ${employee}`,
      );
      return 0;
    }
    default:
      return null;
  }
}
