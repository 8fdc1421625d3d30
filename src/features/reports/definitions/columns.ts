/** Column sets several reports share: sales figures, sales actions, reservations. */
import type { ReservationReportRow, SalesActionRow, SalesFigures } from '@agent-portal/contract';
import type { ReportColumn } from '../shell/types';

type Totals<T> = (totals: T) => Partial<Record<string, number>>;

const FIGURE_KEYS = [
  'tickets',
  'seats',
  'grossFare',
  'discount',
  'netFare',
  'migrations',
  'migrationCharge',
  'cancellations',
  'refunds',
  'commission',
  'netCollection',
] as const;
const COUNTS = new Set<string>(['tickets', 'seats', 'migrations', 'cancellations']);

export function salesFigureColumns<Row extends SalesFigures>(): ReportColumn<Row>[] {
  return FIGURE_KEYS.map((key) => ({ key, kind: COUNTS.has(key) ? 'count' : 'money', value: (row: Row) => row[key] }));
}
export const salesFigureTotals: Totals<SalesFigures> = (t) => ({ ...t });

export const salesActionColumns: ReportColumn<SalesActionRow>[] = [
  { key: 'time', kind: 'dateTime', value: (r) => r.time },
  { key: 'action', kind: 'action', value: (r) => r.action },
  { key: 'pnr', kind: 'text', value: (r) => r.pnr },
  { key: 'status', kind: 'status', value: (r) => r.status },
  { key: 'tripDate', kind: 'date', value: (r) => r.tripDate },
  { key: 'coachCode', kind: 'text', value: (r) => r.coachCode },
  { key: 'route', kind: 'text', value: (r) => r.route },
  { key: 'from', kind: 'text', value: (r) => r.origin },
  { key: 'to', kind: 'text', value: (r) => r.destination },
  { key: 'seats', kind: 'seats', value: (r) => r.seats },
  { key: 'fare', kind: 'money', value: (r) => r.fare },
  { key: 'discount', kind: 'money', value: (r) => r.discount },
  { key: 'amount', kind: 'money', value: (r) => r.amount },
  { key: 'outlet', kind: 'text', value: (r) => r.outlet },
  { key: 'user', kind: 'text', value: (r) => r.user },
];
export const salesActionTotals: Totals<{ fare: number; discount: number; net: number }> = (t) => ({
  fare: t.fare,
  discount: t.discount,
  amount: t.net,
});

export function reservationColumns<Row extends ReservationReportRow>(): ReportColumn<Row>[] {
  return [
    { key: 'pnr', kind: 'text', value: (r) => r.pnr },
    { key: 'status', kind: 'status', value: (r) => r.status },
    { key: 'reservedAt', kind: 'dateTime', value: (r) => r.reservedAt },
    { key: 'tripDate', kind: 'date', value: (r) => r.tripDate },
    { key: 'coachCode', kind: 'text', value: (r) => r.coachCode },
    { key: 'route', kind: 'text', value: (r) => r.route },
    { key: 'from', kind: 'text', value: (r) => r.origin },
    { key: 'to', kind: 'text', value: (r) => r.destination },
    { key: 'passengerName', kind: 'text', value: (r) => r.passengerName },
    { key: 'phone', kind: 'text', value: (r) => r.phone },
    { key: 'seats', kind: 'seats', value: (r) => r.seats },
    { key: 'fare', kind: 'money', value: (r) => r.fare },
    { key: 'discount', kind: 'money', value: (r) => r.discount },
    { key: 'charged', kind: 'money', value: (r) => r.charged },
    { key: 'refunded', kind: 'money', value: (r) => r.refunded },
    { key: 'fine', kind: 'money', value: (r) => r.fine },
    { key: 'outlet', kind: 'text', value: (r) => r.outlet },
    { key: 'user', kind: 'text', value: (r) => r.user },
  ];
}
type ReservationTotals = {
  seats: number;
  fare: number;
  discount: number;
  charged: number;
  refunded: number;
  fine: number;
};
export const reservationTotals: Totals<ReservationTotals> = (t) => ({
  seats: t.seats,
  fare: t.fare,
  discount: t.discount,
  charged: t.charged,
  refunded: t.refunded,
  fine: t.fine,
});
