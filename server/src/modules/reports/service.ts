import type {
  OmittedTripsReport,
  OutletSales,
  ReportHeader,
  ReservationDetailsReport,
  ReservationHistoryReport,
  SalesDetails,
  UserSalesSummary,
  reservationDetailsRequestSchema,
  reservationHistoryReportRequestSchema,
} from '@agent-portal/contract';
import { MAX_DATE_RANGE_DAYS, dateRangeDays, historyRemarkOf, type ReportFormat } from '@agent-portal/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import { AppError, fieldError } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import type { Clock } from '../../lib/clock';
import { fromMinor } from '../../lib/money';
import { localDateRange } from '../../lib/paging';
import { zonedInstant } from '../../lib/zoned-time';
import type { Units } from '../../db/units';
import { AgentOutlets } from '../lookup/agent-outlets';
import { DetailsRepository } from './details-repository';
import { actionTotals, mergeFigures, sumFigures, toActionRow, toReservationRow, toReservationTotals } from './figures';
import { HistoryRepository } from './history-repository';
import { NamesRepository } from './names-repository';
import { ReportReservationRepository, type ReservationFilter } from './reservation-repository';
import { collectRows, mapRows, pageOf, type Streamed } from './row-stream';
import { SalesRepository, type SalesGrouping, type SalesQuery, type SalesScope } from './sales-repository';

export interface Period {
  companyId: number;
  fromDate: string;
  toDate: string;
}
type DetailsBody = z.output<typeof reservationDetailsRequestSchema>;
type HistoryBody = z.output<typeof reservationHistoryReportRequestSchema>;

/**
 * The eight reports. Every figure is summed by SQLite (GROUP BY or an
 * aggregate over the filtered rows); this class only scopes, labels and
 * converts paisa to the API's 2-decimal amounts.
 */
export class ReportsService {
  private readonly outlets: AgentOutlets;

  /**
   * `units`: the server's, or a report worker's over its own read-only connection (db/report-connection.ts). A report
   * reads outside any unit, each statement its own snapshot (see row-stream.ts, pageOf).
   */
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {
    this.outlets = new AgentOutlets(units);
  }

  // The repositories, over the database itself (units.read): every report query is a read of its own.
  private get sales(): SalesRepository {
    return this.units.read((r) => r.repo(SalesRepository));
  }
  private get reservations(): ReportReservationRepository {
    return this.units.read((r) => r.repo(ReportReservationRepository));
  }
  private get history(): HistoryRepository {
    return this.units.read((r) => r.repo(HistoryRepository));
  }
  private get names(): NamesRepository {
    return this.units.read((r) => r.repo(NamesRepository));
  }

  /** The company's zone, in which report files show times. */
  get timeZone(): string {
    return this.config.timeZone;
  }

  /** The most rows a report without pages answers: REPORT_MAX_ROWS on screen, REPORT_FILE_MAX_ROWS in a file. */
  rowCap(format: ReportFormat): number {
    return format === 'json' ? this.config.reports.maxRows : this.config.reports.fileMaxRows;
  }

  /** The request's now, which a report worker states in the header instead of its own clock's. */
  now(): string {
    return this.clock.now().toISOString();
  }

  /** The most rows a paged report's file holds (its first ones; the file says how many matched). */
  get fileMaxRows(): number {
    return this.config.reports.fileMaxRows;
  }

  async userSalesSummary(p: Principal, period: Period): Promise<UserSalesSummary> {
    return this.dailySales(p, period, { kind: 'user', userId: p.userId }, await this.header(p, period, p.outletId));
  }

  async userSalesDetails(
    p: Principal,
    day: { companyId: number; date: string },
    cap: number = this.config.reports.maxRows,
  ): Promise<SalesDetails> {
    const period = { companyId: day.companyId, fromDate: day.date, toDate: day.date };
    return this.details(period, { kind: 'user', userId: p.userId }, await this.header(p, period, p.outletId), cap);
  }

  async outletSales(p: Principal, period: Period): Promise<OutletSales> {
    const [header, outlets] = await Promise.all([this.header(p, period, null), this.outletsOf(p.agentId)]);
    const q = this.query(period, { kind: 'outlets', outletIds: outlets.map((o) => o.id) });
    const merged = mergeFigures(
      await this.sales.buckets(q, 'outletUser'),
      await this.sales.commissions(q, p.agentId, 'outletUser'),
    );
    const users = await this.usernames(merged.map((m) => Number(m.key.split('/')[1])));
    const rows = merged.map(({ key, figures }) => {
      const [outletId, userId] = key.split('/').map(Number) as [number, number];
      return {
        outletId,
        outlet: outlets.find((o) => o.id === outletId)?.name ?? '',
        userId,
        user: users.get(userId) ?? '',
        ...figures,
      };
    });
    return { header, rows, totals: sumFigures(rows) };
  }

  async outletSalesByDateRange(p: Principal, period: Period & { outletId: number }): Promise<UserSalesSummary> {
    const outlet = (await this.outletsOf(p.agentId)).find((o) => o.id === period.outletId);
    if (!outlet) throw new AppError('BRANCH_NOT_FOUND', { outletId: period.outletId });
    return this.dailySales(
      p,
      period,
      { kind: 'outlets', outletIds: [outlet.id] },
      await this.header(p, period, outlet.id),
    );
  }

  async outletSalesDetails(
    p: Principal,
    period: Period,
    cap: number = this.config.reports.maxRows,
  ): Promise<SalesDetails> {
    const outlets = await this.outletsOf(p.agentId);
    return this.details(
      period,
      { kind: 'outlets', outletIds: outlets.map((o) => o.id) },
      await this.header(p, period, null),
      cap,
    );
  }

  async omittedTrips(
    p: Principal,
    period: Period & { routeId: number },
    cap: number = this.config.reports.maxRows,
  ): Promise<OmittedTripsReport> {
    assertPeriod(period);
    const filter: ReservationFilter = {
      agentId: p.agentId,
      companyId: period.companyId,
      omittedTrips: {
        fromDate: period.fromDate,
        toDate: period.toDate,
        routeId: period.routeId === 0 ? null : period.routeId,
      },
    };
    const [header, rows, totals] = await Promise.all([
      this.header(p, period, null),
      this.reservations.rows(filter, { limit: cap + 1, offset: 0 }),
      this.reservations.totals(filter),
    ]);
    assertWithin(rows.length, cap);
    return {
      header,
      rows: rows.map((r) => ({
        ...toReservationRow(r),
        tripState: r.tripState === 'OMIT_PENDING' ? 'OMIT_PENDING' : 'OMITTED',
      })),
      totals: toReservationTotals(totals),
    };
  }

  async reservationDetails(p: Principal, body: DetailsBody): Promise<ReservationDetailsReport> {
    return collected(await this.reservationDetailsStream(p, body));
  }

  /** The report with its page's rows read as they are taken: a file's 50,000 are never all held. */
  async reservationDetailsStream(p: Principal, body: DetailsBody): Promise<Streamed<ReservationDetailsReport>> {
    const { from, to } = this.range(body);
    const filter: ReservationFilter = {
      agentId: p.agentId,
      companyId: body.companyId,
      made: { from, to },
      status: body.status,
      pnr: body.pnr,
      phone: body.phone,
    };
    const [header, totals] = await Promise.all([this.header(p, body, null), this.reservations.totals(filter)]);
    const rows = pageOf(pageFrom(body, totals.reservations), (limit, offset) =>
      this.reservations.rows(filter, { limit, offset }),
    );
    return {
      header,
      rows: mapRows(rows, toReservationRow),
      totals: toReservationTotals(totals),
      page: body.page,
      pageSize: body.pageSize,
      total: totals.reservations,
    };
  }

  async reservationHistory(p: Principal, body: HistoryBody): Promise<ReservationHistoryReport> {
    return collected(await this.reservationHistoryStream(p, body));
  }

  /** The report with its page's rows read as they are taken (see reservationDetailsStream). */
  async reservationHistoryStream(p: Principal, body: HistoryBody): Promise<Streamed<ReservationHistoryReport>> {
    const { from, to } = this.range(body);
    const filter = { agentId: p.agentId, companyId: body.companyId, from, to };
    const [header, totals] = await Promise.all([this.header(p, body, null), this.history.totals(filter)]);
    const rows = pageOf(pageFrom(body, totals.n), (limit, offset) => this.history.rows(filter, limit, offset));
    return {
      header,
      rows: mapRows(rows, ({ amountMinor, ...r }) => ({
        ...r,
        time: new Date(r.time).toISOString(),
        amount: amountMinor === null ? null : fromMinor(amountMinor),
        remark: historyRemarkOf(r.action, r.remarks),
      })),
      totals: { actions: totals.n, charged: fromMinor(totals.chargedMinor), refunded: fromMinor(totals.refundedMinor) },
      page: body.page,
      pageSize: body.pageSize,
      total: totals.n,
    };
  }

  private async dailySales(
    p: Principal,
    period: Period,
    scope: SalesScope,
    header: ReportHeader,
  ): Promise<UserSalesSummary> {
    const q = this.query(period, scope);
    const grouping: SalesGrouping = 'day';
    const [sales, commissions] = await Promise.all([
      this.sales.buckets(q, grouping),
      this.sales.commissions(q, p.agentId, grouping),
    ]);
    const rows = mergeFigures(sales, commissions).map(({ key, figures }) => ({ date: key, ...figures }));
    return { header, rows, totals: sumFigures(rows) };
  }

  private async details(period: Period, scope: SalesScope, header: ReportHeader, cap: number): Promise<SalesDetails> {
    // One row past the cap tells a report that matched more from one that fits, without reading them all.
    const rows = await this.units.read((r) =>
      r.repo(DetailsRepository).salesActions(this.query(period, scope), cap + 1),
    );
    assertWithin(rows.length, cap);
    return { header, rows: rows.map(toActionRow), totals: actionTotals(rows) };
  }

  private range(period: Period): { from: string; to: string } {
    assertPeriod(period);
    return localDateRange(this.config.timeZone, period.fromDate, period.toDate) as { from: string; to: string };
  }

  private query(period: Period, scope: SalesScope): SalesQuery {
    const { from, to } = this.range(period);
    // The zone's offset at the period's start; Asia/Dhaka keeps one all year.
    const offsetMinutes = Math.round(
      (Date.parse(`${period.fromDate}T00:00:00Z`) - zonedInstant(period.fromDate, 0, this.config.timeZone).getTime()) /
        60_000,
    );
    return { companyId: period.companyId, scope, from, to, offsetMinutes };
  }

  /** The same outlets the agentOutlets lookup offers the outlet picker. */
  private outletsOf(agentId: number) {
    return this.outlets.of(agentId);
  }

  private usernames(ids: number[]): Promise<Map<number, string>> {
    return this.names.usernames(ids);
  }

  private async header(p: Principal, period: Period, outletId: number | null): Promise<ReportHeader> {
    const { company, agent, outlet } = await this.names.headerNames(period.companyId, p.agentId, outletId);
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    return {
      company,
      outlet: outlet ?? null,
      agent: agent ?? '',
      user: p.username,
      period: { from: period.fromDate, to: period.toDate },
      generatedAt: this.clock.now().toISOString(),
    };
  }
}

/** The report with its rows in an array, as the screen's JSON answer has them. */
async function collected<T extends { rows: unknown[] }>(report: Streamed<T>): Promise<T> {
  return { ...report, rows: await collectRows(report.rows) } as unknown as T;
}

/** Where a page starts among the rows a report matched. */
function pageFrom(body: { page: number; pageSize: number }, matched: number) {
  return { start: (body.page - 1) * body.pageSize, pageSize: body.pageSize, matched };
}

/** A report without pages refuses, rather than answers part of, what matched more rows than its cap. */
function assertWithin(rows: number, cap: number): void {
  if (rows > cap)
    throw new AppError(
      'REPORT_TOO_LARGE',
      { limit: cap },
      `The report matched more than ${cap} rows; choose a shorter period`,
    );
}

function assertPeriod(period: Period): void {
  if (period.fromDate > period.toDate) throw fieldError({ toDate: 'must not be before fromDate' });
  if (dateRangeDays(period.fromDate, period.toDate) > MAX_DATE_RANGE_DAYS) {
    throw fieldError({ toDate: `at most ${MAX_DATE_RANGE_DAYS} days after fromDate, both counted` });
  }
}
