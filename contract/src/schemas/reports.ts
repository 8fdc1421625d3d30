/**
 * The eight reports (issue #6) as JSON. Every answer is
 * { header, rows, totals }: money is a 2-decimal number, dates are the
 * company's local yyyy-MM-dd, periods are inclusive at both ends. Sales are
 * counted on the day of the action (sale, confirmation, migration, cancel),
 * by whoever did it: user reports are the caller's own actions, outlet
 * reports those of the agent's outlets.
 */
import { z } from 'zod';
import { MAX_ID, idParamSchema, idSchema, instantSchema, localDateSchema, moneySchema, pageFields } from './common';
import { reservationStatusSchema } from '../enums';
import { historyRemarkSchema } from './reservation';

const count = z.number().int();
const page = pageFields(50);

export const reportHeaderSchema = z.object({
  company: z.string(),
  /** The outlet the report is about, or null for all the agent's outlets. */
  outlet: z.string().nullable(),
  agent: z.string(),
  /** The signed-in user who ran it. */
  user: z.string(),
  period: z.object({ from: localDateSchema, to: localDateSchema }),
  generatedAt: instantSchema,
});
export type ReportHeader = z.infer<typeof reportHeaderSchema>;

function reportOf<R extends z.ZodType, T extends z.ZodType>(row: R, totals: T) {
  return z.object({ header: reportHeaderSchema, rows: z.array(row), totals });
}

/** Path parameters: a company and an inclusive local date range. */
export const reportRangeParamsSchema = z.object({
  companyId: idParamSchema,
  fromDate: localDateSchema,
  toDate: localDateSchema,
});
/** userSalesDetails: a company and one local date. */
export const reportDayParamsSchema = z.object({ companyId: idParamSchema, date: localDateSchema });
/** outletSalesByDateRange: one of the agent's outlets (BRANCH_NOT_FOUND otherwise). */
export const reportOutletRangeParamsSchema = reportRangeParamsSchema.extend({ outletId: idParamSchema });
/** omittedTripsReservationDetails: routeId 0 means every route; the dates are trip dates. */
export const reportRouteRangeParamsSchema = reportRangeParamsSchema.extend({
  routeId: z.coerce.number().int().min(0).max(MAX_ID),
});

/** The sales figures every summary row and total carries. */
export const salesFiguresSchema = z.object({
  /** Reservations sold, opened or confirmed. */
  tickets: count,
  seats: count,
  grossFare: moneySchema,
  discount: moneySchema,
  /** grossFare - discount: what the sales charged. */
  netFare: moneySchema,
  migrations: count,
  /** The fare differences migrations charged. */
  migrationCharge: moneySchema,
  /** Cancellations of sold tickets (whole or some seats). */
  cancellations: count,
  refunds: moneySchema,
  /** Commission earned, net of reversals. */
  commission: moneySchema,
  /** netFare + migrationCharge - refunds. */
  netCollection: moneySchema,
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const dailySalesRowSchema = salesFiguresSchema.extend({ date: localDateSchema });
export const userSalesSummarySchema = reportOf(dailySalesRowSchema, salesFiguresSchema);
export type UserSalesSummary = z.infer<typeof userSalesSummarySchema>;
export const outletSalesByDateRangeSchema = userSalesSummarySchema;

export const outletSalesRowSchema = salesFiguresSchema.extend({
  outletId: idSchema,
  outlet: z.string(),
  userId: idSchema,
  user: z.string(),
});
export const outletSalesSchema = reportOf(outletSalesRowSchema, salesFiguresSchema);
export type OutletSales = z.infer<typeof outletSalesSchema>;

export const SALES_ACTIONS = ['SELL', 'OPEN', 'CONFIRMED', 'MIGRATE', 'CANCELLED'] as const;
/** One sale, confirmation, migration or cancellation. */
export const salesActionRowSchema = z.object({
  time: instantSchema,
  action: z.enum(SALES_ACTIONS),
  pnr: z.string(),
  /** The reservation's status now. */
  status: reservationStatusSchema,
  tripDate: localDateSchema.nullable(),
  coachCode: z.string().nullable(),
  route: z.string(),
  origin: z.string(),
  destination: z.string(),
  seats: z.array(z.string()),
  /** Sales: the reservation's fare and discount; migrations and cancels: 0. */
  fare: moneySchema,
  discount: moneySchema,
  /** Charged (sale, confirmation, migration) or refunded (cancel, negative). */
  amount: moneySchema,
  outlet: z.string(),
  user: z.string(),
});
export type SalesActionRow = z.infer<typeof salesActionRowSchema>;
export const salesActionTotalsSchema = z.object({
  actions: count,
  fare: moneySchema,
  discount: moneySchema,
  charged: moneySchema,
  refunds: moneySchema,
  net: moneySchema,
});
export const salesDetailsSchema = reportOf(salesActionRowSchema, salesActionTotalsSchema);
export type SalesDetails = z.infer<typeof salesDetailsSchema>;

/** A reservation as the detail reports list it. */
export const reservationReportRowSchema = z.object({
  pnr: z.string(),
  referencePnr: z.string().nullable(),
  status: reservationStatusSchema,
  reservedAt: instantSchema,
  tripDate: localDateSchema.nullable(),
  coachCode: z.string().nullable(),
  route: z.string(),
  origin: z.string(),
  destination: z.string(),
  passengerName: z.string(),
  phone: z.string(),
  seats: z.array(z.string()),
  fare: moneySchema,
  discount: moneySchema,
  /** What the agent's ledger holds for it now (charges net of refunds). */
  charged: moneySchema,
  refunded: moneySchema,
  /** Kept on cancelled seats of a sold ticket: their net fare - the refund. */
  fine: moneySchema,
  outlet: z.string().nullable(),
  user: z.string().nullable(),
});
export type ReservationReportRow = z.infer<typeof reservationReportRowSchema>;
export const reservationReportTotalsSchema = z.object({
  reservations: count,
  seats: count,
  fare: moneySchema,
  discount: moneySchema,
  charged: moneySchema,
  refunded: moneySchema,
  fine: moneySchema,
});

export const omittedTripRowSchema = reservationReportRowSchema.extend({
  tripState: z.enum(['OMITTED', 'OMIT_PENDING']),
});
export const omittedTripsReportSchema = reportOf(omittedTripRowSchema, reservationReportTotalsSchema);
export type OmittedTripsReport = z.infer<typeof omittedTripsReportSchema>;

/** POST /api/reports/reservationDetails: reservations made in the period (local dates). */
export const reservationDetailsRequestSchema = z.object({
  companyId: idSchema,
  fromDate: localDateSchema,
  toDate: localDateSchema,
  status: reservationStatusSchema.optional(),
  /** The exact PNR (any case). */
  pnr: z.string().trim().toUpperCase().max(10).optional(),
  /** Matches the end of the passenger's phone, so 01711223344 finds +8801711223344. */
  phone: z.string().trim().max(20).optional(),
  ...page,
});
export type ReservationDetailsRequest = z.input<typeof reservationDetailsRequestSchema>;
/** rows are one page; totals and total cover every matching reservation. */
export const reservationDetailsReportSchema = reportOf(
  reservationReportRowSchema,
  reservationReportTotalsSchema,
).extend({
  page: count,
  pageSize: count,
  total: count,
});
export type ReservationDetailsReport = z.infer<typeof reservationDetailsReportSchema>;

/** POST /api/reports/reservationHistory: every action on the agent's reservations in the period. */
export const reservationHistoryReportRequestSchema = z.object({
  companyId: idSchema,
  fromDate: localDateSchema,
  toDate: localDateSchema,
  ...page,
});
export type ReservationHistoryReportRequest = z.input<typeof reservationHistoryReportRequestSchema>;
export const reservationHistoryRowSchema = z.object({
  time: instantSchema,
  pnr: z.string(),
  action: z.string(),
  user: z.string().nullable(),
  outlet: z.string().nullable(),
  amount: moneySchema.nullable(),
  remarks: z.string().nullable(),
  /** The remarks as a code and parameters when the server wrote them (reservation.ts historyRemarkSchema). */
  remark: historyRemarkSchema.nullable().optional(),
});
export const reservationHistoryReportSchema = reportOf(
  reservationHistoryRowSchema,
  z.object({ actions: count, charged: moneySchema, refunded: moneySchema }),
).extend({
  page: count,
  pageSize: count,
  total: count,
});
export type ReservationHistoryReport = z.infer<typeof reservationHistoryReportSchema>;

/**
 * Files (issue #6): every report endpoint also answers as a PDF or an XLSX
 * download. The same URL and inputs; the query string picks the answer.
 */
export const REPORT_FORMATS = ['json', 'pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_LANGS = ['en', 'bn'] as const;
export type ReportLang = (typeof REPORT_LANGS)[number];
/**
 * The most rows a file holds. A paged report's file (reservation details and
 * history) holds the first ones and its header line says how many matched; a
 * report without pages that matched more is refused with REPORT_TOO_LARGE.
 */
export const REPORT_FILE_MAX_ROWS = 50_000;
/**
 * The most rows a report without pages (sales details, omitted trips) answers
 * as JSON for the screen; past it the answer is 422 REPORT_TOO_LARGE with
 * details.limit (a shorter period fits, or a file up to REPORT_FILE_MAX_ROWS).
 */
export const REPORT_MAX_ROWS = 10_000;

/**
 * ?job= of a file download: a name the caller gives it (e.g. a random UUID) to ask the file's progress by
 * (reportProgressApi) while it is made and sent.
 */
export const reportFileJobSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, '8 to 64 letters, digits or dashes')
  .describe('A name for this download, to ask its progress by at GET /api/reports/files/{job}/progress');

/**
 * Where a file download is: waiting (in the user's line or the workers' queue, or not started yet: a job the
 * server does not know, or one over, is said to be waiting) or making (rowsDone of rowsTotal drawn, bytes on their
 * way).
 */
export const reportFileProgressSchema = z.object({
  state: z.enum(['waiting', 'making']),
  rowsDone: z.number().int().nonnegative(),
  /** Rows the file holds in all, once the report's queries have run. */
  rowsTotal: z.number().int().nonnegative().nullable(),
});
export type ReportFileProgress = z.infer<typeof reportFileProgressSchema>;

function reportFileQuery(defaultFormat: ReportFormat) {
  return z.object({
    format: z
      .enum(REPORT_FORMATS)
      .default(defaultFormat)
      .describe(
        `json: the report as JSON (the 200 schema below); pdf: an application/pdf download; xlsx: an ` +
          `application/vnd.openxmlformats-officedocument.spreadsheetml.sheet download. Files carry ` +
          `Content-Disposition: attachment; filename="<report>-<from>-<to>.<ext>", the header (company, ` +
          `outlet, agent, user, period, generation time) on top and the totals row at the end. Default: ${defaultFormat}.`,
      ),
    lang: z
      .enum(REPORT_LANGS)
      .default('en')
      .describe(
        'The language of a file’s title, labels and column headings (bn embeds Noto Sans Bengali in the PDF). Ignored for json.',
      ),
    job: reportFileJobSchema.optional(),
  });
}
/** ?format=&lang= of the five reports that answer JSON unless asked for a file. */
export const reportFileQuerySchema = reportFileQuery('json');
/**
 * ?format=&lang= of the three reports the portal downloads as files (userSalesSummary, outletSales,
 * outletSalesByDateRange): PDF unless asked otherwise.
 */
export const reportFileDefaultPdfQuerySchema = reportFileQuery('pdf');
export type ReportFileQuery = z.input<typeof reportFileQuerySchema>;
/** The query of reportFilesApi (the portal's downloads): a file format is required there. */
export const reportDownloadQuerySchema = z.object({
  format: z.enum(['pdf', 'xlsx']),
  lang: z.enum(REPORT_LANGS).default('en'),
  job: reportFileJobSchema.optional(),
});
export type ReportDownloadQuery = z.input<typeof reportDownloadQuerySchema>;
