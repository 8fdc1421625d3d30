import {
  reportProgressApi,
  reportsApi,
  type Permission,
  type ReportFormat,
  type ReportLang,
} from '@agent-portal/contract';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../../http/principal';
import type { RouteRegistrar } from '../../http/routes';
import type { ReportName } from './files/labels';
import { sendFile, sendJson, sendRendered, type FileRequest } from './files/send';
import { FileProgress, type ProgressHandle } from './file-progress';
import { ClientGone, type FileQueue } from './file-queue';
import { fileDocument, runReport } from './jobs';
import type { ReportPool } from './pool';
import type { ReportsService } from './service';

const needs = (permission: Permission) => ({ allOf: [permission] });

/**
 * The eight reports: each behind its own AGENT_REPORT_ permission, scoped to
 * a company of the caller, answered as JSON, PDF or XLSX by ?format (issue #6).
 * With a pool (REPORT_WORKERS > 0 on a database file) the queries and the
 * file run in a report worker, off the thread that locks seats and sells
 * (issue #14); without, here, streaming the file as it is rendered.
 * A PDF or XLSX takes its turn in the user's line (files, FileQueue: a fair
 * share of the workers, issue #32) and is cancelled when its client goes.
 * A download named ?job= tells its rows done of rows to do at
 * GET /api/reports/files/:job/progress while it is made (issue #34).
 */
export function registerReportsRoutes(
  routes: RouteRegistrar,
  reports: ReportsService,
  pool: ReportPool | null,
  files: FileQueue,
): void {
  const progress = new FileProgress();
  const respond = async (
    reply: FastifyReply,
    name: ReportName,
    principal: Principal,
    input: Record<string, unknown>,
    query: { format: ReportFormat; lang: ReportLang; job?: string },
    period: { from: string; to: string },
  ): Promise<never> => {
    if (query.format === 'json') return produce(reply, name, principal, input, query, period);
    const followed = progress.start(principal.userId, query.job);
    // The client has gone when the connection closes before the answer was sent.
    const client = new AbortController();
    const closed = () => {
      if (!reply.raw.writableFinished) client.abort();
    };
    reply.raw.once('close', closed);
    try {
      return await files.run(principal.userId, client.signal, (gone) =>
        produce(reply, name, principal, input, query, period, gone, followed),
      );
    } catch (error) {
      // Nobody is left to answer: the connection is closed, so the reply is let go instead of sent.
      if (error instanceof ClientGone) {
        reply.hijack();
        return undefined as never;
      }
      throw error;
    } finally {
      reply.raw.off('close', closed);
      followed.finish();
    }
  };

  const produce = async (
    reply: FastifyReply,
    name: ReportName,
    principal: Principal,
    input: Record<string, unknown>,
    query: { format: ReportFormat; lang: ReportLang },
    period: { from: string; to: string },
    gone?: AbortSignal,
    followed?: ProgressHandle,
  ): Promise<never> => {
    const req: FileRequest = { name, format: query.format, lang: query.lang, period, timeZone: reports.timeZone };
    if (pool) {
      const done = await pool.run(
        {
          name,
          principal,
          input,
          format: query.format,
          lang: query.lang,
          now: reports.now(),
        },
        gone,
        followed?.rows,
      );
      if ('json' in done) return sendJson(reply, done.json);
      return sendFile(reply, req, done.file);
    }
    if (query.format === 'json') return runReport(reports, { name, principal, input }) as Promise<never>;
    const doc = await fileDocument(
      reports,
      { name, principal, input, format: query.format },
      { lang: query.lang, timeZone: reports.timeZone },
    );
    if (gone?.aborted) throw new ClientGone();
    return sendRendered(reply, req, doc, followed?.rows);
  };

  routes.add(reportProgressApi.fileProgress, {
    handler: ({ params, principal }) => progress.of(principal.userId, params.job),
  });

  routes.add(reportsApi.userSalesSummary, {
    permission: needs('AGENT_REPORT_USER_SALES_SUMMARY'),
    company: ({ params }) => params.companyId,
    handler: ({ params, query, principal, reply }) =>
      respond(reply, 'userSalesSummary', principal, params, query, { from: params.fromDate, to: params.toDate }),
  });
  routes.add(reportsApi.userSalesDetails, {
    permission: needs('AGENT_REPORT_USER_SALES_DETAILS'),
    company: ({ params }) => params.companyId,
    handler: ({ params, query, principal, reply }) =>
      respond(reply, 'userSalesDetails', principal, params, query, { from: params.date, to: params.date }),
  });
  routes.add(reportsApi.outletSales, {
    permission: needs('AGENT_REPORT_OUTLET_SALES'),
    company: ({ params }) => params.companyId,
    handler: ({ params, query, principal, reply }) =>
      respond(reply, 'outletSales', principal, params, query, { from: params.fromDate, to: params.toDate }),
  });
  routes.add(reportsApi.outletSalesByDateRange, {
    permission: needs('AGENT_REPORT_OUTLET_SALES_DATE_RANGE'),
    company: ({ params }) => params.companyId,
    handler: ({ params, query, principal, reply }) =>
      respond(reply, 'outletSalesByDateRange', principal, params, query, { from: params.fromDate, to: params.toDate }),
  });
  routes.add(reportsApi.outletSalesDetails, {
    permission: needs('AGENT_REPORT_OUTLET_SALES_DETAILS_DATE_RANGE'),
    company: ({ params }) => params.companyId,
    handler: ({ params, query, principal, reply }) =>
      respond(reply, 'outletSalesDetails', principal, params, query, { from: params.fromDate, to: params.toDate }),
  });
  routes.add(reportsApi.omittedTripsReservationDetails, {
    permission: needs('AGENT_REPORT_OMITTED_TRIPS_RESERVATION_DETAILS'),
    company: ({ params }) => params.companyId,
    handler: ({ params, query, principal, reply }) =>
      respond(reply, 'omittedTripsReservationDetails', principal, params, query, {
        from: params.fromDate,
        to: params.toDate,
      }),
  });
  routes.add(reportsApi.reservationDetails, {
    permission: needs('AGENT_REPORT_RESERVATION_DETAILS'),
    company: ({ body }) => body.companyId,
    handler: ({ body, query, principal, reply }) =>
      respond(reply, 'reservationDetails', principal, body, query, { from: body.fromDate, to: body.toDate }),
  });
  routes.add(reportsApi.reservationHistory, {
    permission: needs('AGENT_REPORT_RESERVATION_HISTORY'),
    company: ({ body }) => body.companyId,
    handler: ({ body, query, principal, reply }) =>
      respond(reply, 'reservationHistory', principal, body, query, { from: body.fromDate, to: body.toDate }),
  });
}
