/**
 * The ticket-operation rules: which action applies to
 * which reservation status, under which permission, and what it does.
 */
import { ReservationAction, ReservationStatus, type Permission, type Reason } from '@agent-portal/contract';

type Effect = 'CHARGE' | 'CANCEL' | 'EXTEND';

interface ActionRule {
  action: ReservationAction;
  effect: Effect;
  /** Allowed source statuses, each with the permission needed for the whole reservation. */
  from: Partial<Record<ReservationStatus, Permission>>;
  /** Permission needed to act on only some of the seats, per source status; absent = no partial action. */
  partial?: Partial<Record<ReservationStatus, Permission>>;
}

export const ACTION_RULES: readonly ActionRule[] = [
  {
    action: ReservationAction.CONFIRM_BOOKING,
    effect: 'CHARGE',
    from: { [ReservationStatus.BOOKED]: 'AGENT_CONFIRM_BOOKING' },
  },
  {
    action: ReservationAction.CANCEL_TICKET,
    effect: 'CANCEL',
    from: { [ReservationStatus.SOLD]: 'AGENT_CANCEL_RESERVATION' },
    partial: { [ReservationStatus.SOLD]: 'AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION' },
  },
  {
    action: ReservationAction.CANCEL_ADMIN_BOOKED,
    effect: 'CANCEL',
    from: { [ReservationStatus.ADMIN_BOOKED]: 'AGENT_CANCEL_BOOKING' },
  },
  {
    action: ReservationAction.CANCEL_BOOKING,
    effect: 'CANCEL',
    from: { [ReservationStatus.BOOKED]: 'AGENT_CANCEL_BOOKING', [ReservationStatus.LINKED]: 'AGENT_CANCEL_LINKED' },
    partial: { [ReservationStatus.BOOKED]: 'AGENT_PARTIALLY_CANCEL_BOOKED_RESERVATION' },
  },
  {
    action: ReservationAction.EXTEND_BOOKING_TIME,
    effect: 'EXTEND',
    from: { [ReservationStatus.BOOKED]: 'AGENT_EXTEND_BOOKING_TIME' },
  },
  {
    action: ReservationAction.CONFIRM_ADMIN_BOOKING,
    effect: 'CHARGE',
    from: { [ReservationStatus.ADMIN_BOOKED]: 'AGENT_CONFIRM_BOOKING' },
  },
  {
    action: ReservationAction.CONFIRM_LINKED,
    effect: 'CHARGE',
    from: { [ReservationStatus.LINKED]: 'AGENT_CONFIRM_LINKED' },
  },
];

export type ActionCheck = { ok: true; rule: ActionRule; partial: boolean } | { ok: false; reason: Reason };

export function ruleOf(action: number): ActionRule | undefined {
  return ACTION_RULES.find((r) => r.action === action);
}

/**
 * Whether `permissions` allow `action` on a reservation in `status`; `partial`
 * is true when the request names only some of the reservation's seats.
 */
export function checkAction(
  action: number,
  status: number,
  permissions: ReadonlySet<string>,
  partial: boolean,
): ActionCheck {
  const rule = ruleOf(action);
  if (!rule) return { ok: false, reason: 'NOT_PERMITTED' };
  const wrongStatus: Reason = rule.effect === 'CANCEL' ? 'RESERVATION_NOT_CANCELLABLE' : 'NOT_PERMITTED';
  const whole = rule.from[status as ReservationStatus];
  if (!whole) return { ok: false, reason: wrongStatus };
  if (partial) {
    const needed = rule.partial?.[status as ReservationStatus];
    if (!needed) return { ok: false, reason: wrongStatus };
    return permissions.has(needed) ? { ok: true, rule, partial } : { ok: false, reason: 'PERMISSION_DENIED' };
  }
  return permissions.has(whole) ? { ok: true, rule, partial } : { ok: false, reason: 'PERMISSION_DENIED' };
}

/** Action codes a user may take on a reservation in `status` (whole-reservation form). */
export function allowedActions(status: number, permissions: ReadonlySet<string>): number[] {
  return ACTION_RULES.filter((rule) => {
    const whole = rule.from[status as ReservationStatus];
    const part = rule.partial?.[status as ReservationStatus];
    return (whole && permissions.has(whole)) || (part && permissions.has(part));
  }).map((rule) => rule.action);
}
