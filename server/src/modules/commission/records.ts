import type { Commission, commissionListRequestSchema, commissionPageSchema } from '@agent-portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import { type Units } from '../../db/units';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { fromHundredths, fromMinor } from '../../lib/money';
import { dayChunk, pageSpan, splitRange, type Chunk } from '../../lib/day-chunks';
import { localDateRange } from '../../lib/paging';
import { assertDateOrder } from '../deposit/service';
import { CommissionRepository, type PaidSums } from './repository';

type ListBody = z.output<typeof commissionListRequestSchema>;
type CommissionPage = z.infer<typeof commissionPageSchema>;

interface Who {
  agentId: number;
  companyId: number;
}
interface Sums {
  n: number;
  paidMinor: number;
  unpaidMinor: number;
}

function sumsOf(rows: PaidSums[], keep: (paid: number) => boolean): Sums {
  return {
    n: rows.reduce((s, r) => s + (keep(r.paid) ? r.n : 0), 0),
    paidMinor: rows.reduce((s, r) => s + (r.paid === 1 ? r.amount : 0), 0),
    unpaidMinor: rows.reduce((s, r) => s + (r.paid === 0 ? r.amount : 0), 0),
  };
}

/**
 * The Commission screen and the operator's settlement. Rows are signed
 * (a reversal is negative), so the paid and unpaid totals are plain sums.
 */
export class CommissionRecordsService {
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {}

  async list(principal: Principal, body: ListBody): Promise<CommissionPage> {
    assertDateOrder(body.startDate, body.endDate);
    const { from, to } = localDateRange(this.config.timeZone, body.startDate, body.endDate) as {
      from: string;
      to: string;
    };
    const who = { agentId: principal.agentId, companyId: body.companyId };
    const chunks = await this.chunks(who, from, to, body.paid);
    const totals = {
      paid: fromMinor(chunks.reduce((s, c) => s + c.paidMinor, 0)),
      unpaid: fromMinor(chunks.reduce((s, c) => s + c.unpaidMinor, 0)),
    };
    const total = chunks.reduce((s, c) => s + c.n, 0);
    const descending = body.sort === 'dateTime,desc';
    const at = pageSpan(chunks, (body.page - 1) * body.pageSize, body.pageSize, descending);
    if (!at) return { items: [], page: body.page, pageSize: body.pageSize, total, totals };
    const direction = descending ? 'desc' : 'asc';
    const ids = await this.units.read((r) =>
      r
        .repo(CommissionRepository)
        .pageIds(who, { from: at.from, to: at.to, skip: at.skip, limit: body.pageSize }, body.paid, direction),
    );
    return { items: await this.rows(ids), page: body.page, pageSize: body.pageSize, total, totals };
  }

  /**
   * The range as chunks (see lib/day-chunks): n counts the rows the paid
   * filter keeps; the paid and unpaid sums ignore it (the screen's totals).
   */
  private async chunks(who: Who, from: string, to: string, paid: boolean | undefined): Promise<(Chunk & Sums)[]> {
    const keep = (flag: number) => paid === undefined || (paid ? 1 : 0) === flag;
    const exact = async ([a, b]: [string, string]): Promise<Chunk & Sums> => {
      return {
        start: a,
        end: b,
        ...sumsOf(await this.units.read((r) => r.repo(CommissionRepository).sumsByPaid(who, a, b)), keep),
      };
    };
    const parts = splitRange(from, to);
    const out: (Chunk & Sums)[] = [];
    if (parts.edges.before) out.push(await exact(parts.edges.before));
    const days = parts.days;
    if (days) {
      const rows = await this.units.read((r) =>
        r.repo(CommissionRepository).dailyBuckets(who, days.fromDay, days.toDay),
      );
      for (let i = 0; i < rows.length;) {
        const day = rows[i]?.day ?? '';
        const group: PaidSums[] = [];
        for (; i < rows.length && rows[i]?.day === day; i += 1) {
          const r = rows[i];
          if (r) group.push({ paid: r.paid, n: r.n, amount: r.amount });
        }
        out.push({ ...dayChunk(day, 0), ...sumsOf(group, keep) });
      }
    }
    if (parts.edges.after) out.push(await exact(parts.edges.after));
    return out;
  }

  private async rows(ids: number[]): Promise<Commission[]> {
    if (ids.length === 0) return [];
    const rows = await this.units.read((r) => r.repo(CommissionRepository).withPnrs(ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      return [
        {
          dateTime: r.created_at,
          type: r.amount_minor >= 0 ? ('CREDIT' as const) : ('DEBIT' as const),
          reason: r.kind,
          amount: fromMinor(Math.abs(r.amount_minor)),
          commissionType: r.commission_type,
          // Percent is kept in hundredths of a percent; a fixed rate in paisa: both read as /100.
          rate: r.rate_hundredths === null ? null : fromHundredths(r.rate_hundredths),
          referenceNo: r.pnr,
          paid: r.paid === 1,
          payTime: r.paid_at,
          employee: r.employee,
        },
      ];
    });
  }

  /**
   * The operator's choice per company (issue #32): commission on the fare after discount (NET, the default) or
   * before it (GROSS). Read, or set when `basis` is given; sales take it within the rule cache's 10 s.
   */
  async basis(companyCode: string, basis?: 'NET' | 'GROSS'): Promise<{ companyCode: string; basis: string }> {
    const code = companyCode.toUpperCase();
    const row = await this.units.run((uow) => uow.repo(CommissionRepository).companyBasis(code, basis));
    if (!row) throw new AppError('COMPANY_NOT_FOUND', { companyCode }, `no company "${companyCode}"`);
    return { companyCode: row.code, basis: row.basis };
  }

  /**
   * Marks an agent's unpaid rows paid (all companies), up to the end of a
   * local date when given. Answers how many rows and their net amount.
   */
  async settle(
    who: string,
    opts: { until?: string; employee: string },
  ): Promise<{ agentCode: string; rows: number; amount: number }> {
    const agent = await this.units.read((r) => r.repo(CommissionRepository).agentByCodeOrUsername(who));
    if (!agent) throw new AppError('AGENT_NOT_FOUND', { agentCode: who }, `no agent or user named "${who}"`);
    const { to } = localDateRange(this.config.timeZone, undefined, opts.until);
    const nowIso = this.clock.now().toISOString();
    const settled = await this.units.run((uow) =>
      uow.repo(CommissionRepository).settleUnpaid(agent.id, to, nowIso, opts.employee),
    );
    return { agentCode: agent.code, rows: settled.n, amount: fromMinor(settled.amountMinor) };
  }
}
