import type { ReservationReportRow, SalesActionRow, SalesFigures } from '@agent-portal/contract';
import { fromMinor } from '../../lib/money';
import type { ActionRow } from './details-repository';
import type { ReservationFigures, ReservationTotals } from './reservation-repository';
import type { CommissionBucket, SalesBucket } from './sales-repository';

/** Sales buckets and commission buckets of the same keys, as the API's figures (keys in bucket order). */
export function mergeFigures(
  sales: SalesBucket[],
  commissions: CommissionBucket[],
): { key: string; bucket: SalesBucket | null; figures: SalesFigures }[] {
  const commissionOf = new Map(commissions.map((c) => [c.key, c.amountMinor]));
  const keys = [...new Set([...sales.map((s) => s.key), ...commissions.map((c) => c.key)])].sort();
  return keys.map((key) => {
    const bucket = sales.find((s) => s.key === key) ?? null;
    return { key, bucket, figures: toFigures(bucket, commissionOf.get(key) ?? 0) };
  });
}

function toFigures(b: SalesBucket | null, commissionMinor: number): SalesFigures {
  const fare = b?.fareMinor ?? 0;
  const discount = b?.discountMinor ?? 0;
  const migration = b?.migrationMinor ?? 0;
  const refunds = b?.refundMinor ?? 0;
  return {
    tickets: b?.tickets ?? 0,
    seats: b?.seats ?? 0,
    grossFare: fromMinor(fare),
    discount: fromMinor(discount),
    netFare: fromMinor(fare - discount),
    migrations: b?.migrations ?? 0,
    migrationCharge: fromMinor(migration),
    cancellations: b?.cancellations ?? 0,
    refunds: fromMinor(refunds),
    commission: fromMinor(commissionMinor),
    netCollection: fromMinor(fare - discount + migration - refunds),
  };
}

const MONEY_KEYS = [
  'grossFare',
  'discount',
  'netFare',
  'migrationCharge',
  'refunds',
  'commission',
  'netCollection',
] as const;
const COUNT_KEYS = ['tickets', 'seats', 'migrations', 'cancellations'] as const;

/** Column sums, added in minor units so no float error creeps in. */
export function sumFigures(rows: readonly SalesFigures[]): SalesFigures {
  const out = toFigures(null, 0);
  for (const k of COUNT_KEYS) out[k] = rows.reduce((s, r) => s + r[k], 0);
  for (const k of MONEY_KEYS) out[k] = fromMinor(rows.reduce((s, r) => s + Math.round(r[k] * 100), 0));
  return out;
}

export function toActionRow(r: ActionRow): SalesActionRow {
  const cancel = r.action.startsWith('CANCELLED');
  const amount = r.amountMinor ?? 0;
  return {
    time: new Date(r.time).toISOString(),
    action: cancel ? 'CANCELLED' : (r.action as SalesActionRow['action']),
    pnr: r.pnr,
    status: r.status as SalesActionRow['status'],
    tripDate: r.tripDate,
    coachCode: r.coachCode,
    route: r.route,
    origin: r.origin,
    destination: r.destination,
    seats: r.seatNames ? r.seatNames.split(',') : [],
    fare: fromMinor(r.fareMinor),
    discount: fromMinor(r.discountMinor),
    amount: fromMinor(cancel ? -amount : amount),
    outlet: r.outlet ?? '',
    user: r.user ?? '',
  };
}

export function actionTotals(rows: readonly ActionRow[]) {
  const sum = (pick: (r: ActionRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const isCancel = (r: ActionRow) => r.action.startsWith('CANCELLED');
  const charged = sum((r) => (isCancel(r) ? 0 : (r.amountMinor ?? 0)));
  const refunds = sum((r) => (isCancel(r) ? (r.amountMinor ?? 0) : 0));
  return {
    actions: rows.length,
    fare: fromMinor(sum((r) => r.fareMinor)),
    discount: fromMinor(sum((r) => r.discountMinor)),
    charged: fromMinor(charged),
    refunds: fromMinor(refunds),
    net: fromMinor(charged - refunds),
  };
}

export function toReservationRow(r: ReservationFigures): ReservationReportRow {
  return {
    pnr: r.pnr,
    referencePnr: r.referencePnr,
    status: r.status as ReservationReportRow['status'],
    reservedAt: new Date(r.reservedAt).toISOString(),
    tripDate: r.tripDate,
    coachCode: r.coachCode,
    route: r.route,
    origin: r.origin,
    destination: r.destination,
    passengerName: r.passengerName,
    phone: r.phone,
    seats: r.seatNames ? r.seatNames.split(',') : [],
    fare: fromMinor(r.fareMinor),
    discount: fromMinor(r.discountMinor),
    charged: fromMinor(r.chargedMinor),
    refunded: fromMinor(r.refundedMinor),
    fine: fromMinor(r.fineMinor),
    outlet: r.outlet,
    user: r.user,
  };
}

export function toReservationTotals(t: ReservationTotals) {
  return {
    reservations: t.reservations,
    seats: t.seats,
    fare: fromMinor(t.fareMinor),
    discount: fromMinor(t.discountMinor),
    charged: fromMinor(t.chargedMinor),
    refunded: fromMinor(t.refundedMinor),
    fine: fromMinor(t.fineMinor),
  };
}
