/**
 * renderTicketHtml: a reservation as one standalone HTML document, ready for
 * the shell's script-less print window, the browser's print dialog or the
 * on-screen preview. Everything it needs is inside: CSS, the Bengali font,
 * the QR code as SVG. No script, and a CSP that forbids any, so even a
 * mistake in escaping could not run code. The PIN is never printed.
 */
import type { PaperSize, PRINT_TYPES, Reservation } from '@agent-portal/contract';
import { now } from '../format/company-time';
import { formatDate, type DateFormat } from '../format/dates';
import { formatMoney } from '../format/money';
import { escapeHtml } from '../escape-html';
import { qrSvg } from './qr-svg';
import { fontFaceCss, type TicketFonts } from './ticket-fonts';
import { TICKET_LABELS, type TicketLabels, type TicketLanguage } from './ticket-labels';
import { qrSizeFor, ticketCss } from './ticket-styles';

export type PrintType = (typeof PRINT_TYPES)[number];

export interface TicketOptions {
  language: TicketLanguage;
  paper: PaperSize;
  printType: PrintType;
  /** From loadTicketFonts(); embedded as @font-face data. */
  fonts: TicketFonts;
  /** When this copy is printed (defaults to the server's now). */
  printedAt?: Date;
}

/** The first print of a reservation is the original; every later one says REPRINT. */
export function printTypeFor(reservation: Pick<Reservation, 'printCount'>): PrintType {
  return reservation.printCount > 0 ? 'REPRINT' : 'ORIGINAL';
}

const TAKA = '৳';
const CSP = "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:";

interface Ctx {
  l: TicketLabels;
  language: TicketLanguage;
}

const money = (ctx: Ctx, amount: number) => escapeHtml(formatMoney(amount, TAKA, ctx.language));
/**
 * A ticket states when the coach leaves where it leaves: the screens' own
 * formatter, in the company's time zone, never the counter PC's zone.
 */
const when = (ctx: Ctx, value: string | Date | null, format: DateFormat) =>
  escapeHtml(formatDate(value, format, ctx.language));

/** A label/value row; rows without a value are left out rather than printed empty. */
function row(label: string, value: string): string {
  return value ? `<dt>${escapeHtml(label)}</dt><dd>${value}</dd>` : '';
}

/**
 * Names in the ticket's language: stations, their cities and the company have a Bengali name on the server
 * (a server without one sends none, and the English name stands). Routes and counters have only one name.
 */
function inLanguage(ctx: Ctx, name: string, nameBn: string | null | undefined): string {
  return escapeHtml(ctx.language === 'bn' && nameBn ? nameBn : name);
}

function stationName(ctx: Ctx, station: Reservation['origin']): string {
  return inLanguage(ctx, station.name, station.nameBn);
}

function header(ctx: Ctx, r: Reservation, printType: PrintType): string {
  const copy = printType === 'REPRINT' ? ctx.l.reprint : ctx.l.original;
  return `<header>
<h1>${inLanguage(ctx, r.companyName, r.companyNameBn)}</h1>
<div class="subtitle"><span>${escapeHtml(ctx.l.ticket)}</span><span class="print-type">${escapeHtml(copy)}</span></div>
</header>`;
}

function pnrBlock(ctx: Ctx, r: Reservation, paper: PaperSize): string {
  const booked = r.expirationTime
    ? `<div class="status">${escapeHtml(ctx.l.statuses[r.status])} · ${escapeHtml(ctx.l.payBefore)} ${when(ctx, r.expirationTime, 'dateTime')}</div>`
    : r.status !== 1
      ? `<div class="status">${escapeHtml(ctx.l.statuses[r.status])}</div>`
      : '';
  return `<section class="pnr-block">
${qrSvg(r.pnr, { size: qrSizeFor(paper), label: escapeHtml(ctx.l.qrLabel) })}
<div>
<div class="pnr-label">${escapeHtml(ctx.l.pnr)}</div>
<div class="pnr">${escapeHtml(r.pnr)}</div>
<div class="pin-note">${escapeHtml(ctx.l.pinNote)}</div>
${booked}
</div>
</section>`;
}

function tripBlock(ctx: Ctx, r: Reservation): string {
  const place = (label: string, station: Reservation['origin']) =>
    `<div><div class="caption">${escapeHtml(label)}</div><div class="place">${stationName(ctx, station)}</div><div class="caption">${inLanguage(ctx, station.cityName, station.cityNameBn)}</div></div>`;
  const details = [
    row(ctx.l.passenger, escapeHtml(r.passenger.name)),
    row(ctx.l.phone, escapeHtml(r.passenger.phone)),
    row(ctx.l.journeyDate, when(ctx, r.tripDate, 'date')),
    row(ctx.l.coach, escapeHtml(r.coachCode)),
    row(ctx.l.coachType, escapeHtml(r.coachType)),
    row(ctx.l.route, escapeHtml(r.routeName)),
    row(ctx.l.boardingPoint, stationName(ctx, r.origin)),
    row(ctx.l.boardingTime, when(ctx, r.boardingTime, 'dateTime')),
    row(ctx.l.reportingTime, when(ctx, r.reportingTime, 'time')),
  ].join('');
  return `<section class="trip">${place(ctx.l.from, r.origin)}<div class="arrow" aria-hidden="true">→</div>${place(ctx.l.to, r.destination)}</section>
<dl>${details}</dl>`;
}

function seatsBlock(ctx: Ctx, r: Reservation): string {
  const rows = r.seats
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.name)}</td><td>${escapeHtml(ctx.l.seatTypes[s.seatType] ?? s.seatType)}</td><td class="amount">${money(ctx, s.fare)}</td></tr>`,
    )
    .join('');
  return `<table class="seats">
<thead><tr><th>${escapeHtml(ctx.l.seat)}</th><th>${escapeHtml(ctx.l.seatType)}</th><th class="amount">${escapeHtml(ctx.l.fare)}</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<table class="totals"><tbody>
<tr><td>${escapeHtml(ctx.l.fare)}</td><td class="amount">${money(ctx, r.fare)}</td></tr>
<tr><td>${escapeHtml(ctx.l.discount)}</td><td class="amount">${r.discount > 0 ? '−' : ''}${money(ctx, r.discount)}</td></tr>
<tr class="grand"><td>${escapeHtml(ctx.l.total)}</td><td class="amount">${money(ctx, r.totalFare)}</td></tr>
</tbody></table>`;
}

function footer(ctx: Ctx, r: Reservation, printType: PrintType, printedAt: Date): string {
  const copy = printType === 'REPRINT' ? ctx.l.reprint : ctx.l.original;
  return `<p class="note">${escapeHtml(ctx.l.reportNote)}</p>
<footer><dl>
${row(ctx.l.outlet, escapeHtml(r.outlet))}
${row(ctx.l.agent, escapeHtml(r.agentUser))}
${row(ctx.l.issued, when(ctx, r.reservationTime, 'dateTime'))}
${row(ctx.l.printed, `${when(ctx, printedAt, 'dateTime')} · ${escapeHtml(copy)}`)}
</dl></footer>`;
}

export function renderTicketHtml(reservation: Reservation, options: TicketOptions): string {
  const { language, paper, printType, fonts, printedAt = now() } = options;
  const ctx: Ctx = { l: TICKET_LABELS[language], language };
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${ctx.l.documentTitle} ${reservation.pnr}`)}</title>
<style>
${fontFaceCss(fonts)}
${ticketCss(paper)}
</style>
</head>
<body class="paper-${paper}">
<main class="ticket">
${header(ctx, reservation, printType)}
${pnrBlock(ctx, reservation, paper)}
${tripBlock(ctx, reservation)}
${seatsBlock(ctx, reservation)}
${footer(ctx, reservation, printType, printedAt)}
</main>
</body>
</html>
`;
}
