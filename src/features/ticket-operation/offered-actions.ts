/**
 * Which actions the screen offers for a reservation. The server's
 * allowedActions (status and permissions) is the first word; the user's own
 * permissions then decide between the whole and the partial form, mirroring
 * the server's action table (cancel ticket from sold: the whole with
 * AGENT_CANCEL_RESERVATION, some seats with
 * AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION; cancel booking likewise with the
 * booking permissions), so a button is never shown that the server would
 * refuse.
 */
import { ReservationAction, ReservationStatus, type Permission, type Reservation } from '@agent-portal/contract';
import type { Granted } from '../../lib/access';
import { mayPrintTicket } from '../../lib/printing';

export type ConfirmAction = 1 | 8 | 9;
export type CancelAction = 2 | 4 | 5;

export interface CancelOffer {
  action: CancelAction;
  /** The whole reservation may be cancelled. */
  whole: boolean;
  /** Some of its seats may be cancelled (seat checkboxes). */
  partial: boolean;
}

export interface OfferedActions {
  confirm: ConfirmAction | null;
  cancel: CancelOffer | null;
  delayedCancel: boolean;
  extend: boolean;
  resendPin: boolean;
  print: boolean;
}

type Rule = { whole: Permission; partial?: Permission };

/** Per action and source status: the permission for the whole reservation and for some seats. */
const RULES: Record<number, Partial<Record<number, Rule>>> = {
  [ReservationAction.CONFIRM_BOOKING]: { [ReservationStatus.BOOKED]: { whole: 'AGENT_CONFIRM_BOOKING' } },
  [ReservationAction.CANCEL_TICKET]: {
    [ReservationStatus.SOLD]: { whole: 'AGENT_CANCEL_RESERVATION', partial: 'AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION' },
  },
  [ReservationAction.CANCEL_ADMIN_BOOKED]: { [ReservationStatus.ADMIN_BOOKED]: { whole: 'AGENT_CANCEL_BOOKING' } },
  [ReservationAction.CANCEL_BOOKING]: {
    [ReservationStatus.BOOKED]: { whole: 'AGENT_CANCEL_BOOKING', partial: 'AGENT_PARTIALLY_CANCEL_BOOKED_RESERVATION' },
    [ReservationStatus.LINKED]: { whole: 'AGENT_CANCEL_LINKED' },
  },
  [ReservationAction.EXTEND_BOOKING_TIME]: { [ReservationStatus.BOOKED]: { whole: 'AGENT_EXTEND_BOOKING_TIME' } },
  [ReservationAction.CONFIRM_ADMIN_BOOKING]: { [ReservationStatus.ADMIN_BOOKED]: { whole: 'AGENT_CONFIRM_BOOKING' } },
  [ReservationAction.CONFIRM_LINKED]: { [ReservationStatus.LINKED]: { whole: 'AGENT_CONFIRM_LINKED' } },
};

/** A reservation in these statuses holds nothing any more: no PIN to resend. */
const ENDED: readonly number[] = [
  ReservationStatus.CANCELLED,
  ReservationStatus.TRIP_MIGRATED,
  ReservationStatus.TRIP_MIGRATED_CANCELLED,
];

export const isActiveSeat = (seat: Reservation['seats'][number]) => seat.status !== ReservationStatus.CANCELLED;

function permitted(
  r: Pick<Reservation, 'status' | 'allowedActions'>,
  granted: Granted,
  action: number,
): { whole: boolean; partial: boolean } {
  const rule = RULES[action]?.[r.status];
  if (!rule || !r.allowedActions.includes(action)) return { whole: false, partial: false };
  return { whole: granted.has(rule.whole), partial: rule.partial !== undefined && granted.has(rule.partial) };
}

/**
 * Whether cancelling a sold ticket is closed (past the last fine band) while
 * the coach has not left: the server then quotes the whole fare as the fine
 * and nothing to return, and only a delayed-cancel request can help.
 */
export function cancelWindowClosed(
  r: Pick<Reservation, 'status' | 'boardingTime' | 'totalFare' | 'returnAmount'>,
  now: Date,
): boolean {
  if (r.status !== ReservationStatus.SOLD || !r.boardingTime) return false;
  if (new Date(r.boardingTime).getTime() <= now.getTime()) return false;
  return r.totalFare > 0 && r.returnAmount === 0;
}

export function hasDeparted(r: Pick<Reservation, 'boardingTime'>, now: Date): boolean {
  return r.boardingTime !== null && new Date(r.boardingTime).getTime() <= now.getTime();
}

/**
 * @param cancelClosed the server said RESERVATION_CANCEL_TIME_EXPIRED for this
 * reservation (the figures alone cannot tell when the fare is zero).
 */
export function offeredActions(r: Reservation, granted: Granted, now: Date, cancelClosed = false): OfferedActions {
  const confirm = (
    [
      ReservationAction.CONFIRM_BOOKING,
      ReservationAction.CONFIRM_ADMIN_BOOKING,
      ReservationAction.CONFIRM_LINKED,
    ] as const
  ).find((a) => permitted(r, granted, a).whole);
  const activeSeats = r.seats.filter(isActiveSeat).length;
  const closed = cancelClosed || cancelWindowClosed(r, now);
  const departed = hasDeparted(r, now);

  let cancel: CancelOffer | null = null;
  for (const action of [
    ReservationAction.CANCEL_TICKET,
    ReservationAction.CANCEL_ADMIN_BOOKED,
    ReservationAction.CANCEL_BOOKING,
  ] as const) {
    const p = permitted(r, granted, action);
    // Some seats only when there is more than one to choose from.
    const partial = p.partial && activeSeats > 1;
    if (p.whole || partial) cancel = { action, whole: p.whole, partial };
  }
  // A sold ticket cannot be cancelled after departure or past the cut-off: the server would refuse.
  if (cancel?.action === ReservationAction.CANCEL_TICKET && (closed || departed)) cancel = null;

  const delayedCancel =
    r.status === ReservationStatus.SOLD &&
    granted.has('AGENT_CANCEL_RESERVATION') &&
    r.allowedActions.includes(ReservationAction.CANCEL_TICKET) &&
    closed &&
    !departed;

  return {
    confirm: confirm ?? null,
    cancel,
    delayedCancel,
    extend: permitted(r, granted, ReservationAction.EXTEND_BOOKING_TIME).whole,
    resendPin: !ENDED.includes(r.status),
    print: mayPrintTicket(r, granted),
  };
}
