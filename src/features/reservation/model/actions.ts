/**
 * Which reservation actions the agent sees. Pure, so the
 * rule is tested apart from the screen; the server checks each again.
 */
import { TICKET_OPERATION_PERMISSIONS, type Permission } from '@agent-portal/contract';
import { can, type Granted } from '../../../lib/access';

export const RESERVATION_ACTIONS = ['sell', 'book', 'openTicket', 'migrate'] as const;
export type ReservationActionName = (typeof RESERVATION_ACTIONS)[number];

const PERMISSION_OF: Record<ReservationActionName, Permission> = {
  sell: 'AGENT_CREATE_RESERVATION',
  book: 'AGENT_CREATE_BOOKING',
  openTicket: 'AGENT_SELL_OPEN_TICKET',
  migrate: 'AGENT_MIGRATE_TRIP',
};

export type ActionVisibility = Record<ReservationActionName, boolean> & {
  /** The passenger list (manifest) tab. */
  passengers: boolean;
  /** The trip's extra weight charges tab (read-only). */
  extraWeight: boolean;
  /** Locking seats needs one of the actions that sell a seat of a trip. */
  pickSeats: boolean;
  /** The ticket operation screen (the same rule as its route), to manage a held seat's ticket. */
  ticketOperation: boolean;
};

export function actionVisibility(granted: Granted): ActionVisibility {
  const allowed = Object.fromEntries(
    RESERVATION_ACTIONS.map((action) => [action, can(granted, { allOf: [PERMISSION_OF[action]] })]),
  ) as Record<ReservationActionName, boolean>;
  return {
    ...allowed,
    passengers: can(granted, { allOf: ['AGENT_VIEW_PASSENGER'] }),
    extraWeight: can(granted, { allOf: ['AGENT_VIEW_EXTRA_WEIGHT_CHARGE'] }),
    pickSeats: allowed.sell || allowed.book || allowed.migrate,
    ticketOperation: can(granted, { anyOf: TICKET_OPERATION_PERMISSIONS }),
  };
}
