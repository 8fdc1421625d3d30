/**
 * The operator's maintenance switch as this portal knows it: the one small
 * store the standing banner reads. Today two sources feed it: the poll of
 * GET /api/maintenance (use-maintenance-poll) and, where the server offers
 * only the specification's API, the answers of the calls themselves (a
 * SALES_RESTRICTED refusal turns it on, a sale that goes through turns it
 * off: call-api). A later server-sent event stream feeds it the same way,
 * through showServerStatus.
 */
import { create } from 'zustand';
import { accountAddresses, extraWeightAddresses, reservationAddresses } from '../contract';

export interface MaintenanceView {
  on: boolean;
  /** The operator's message as given (any language); null for none. */
  message: string | null;
  /** The message in Bengali, when the operator gave one. */
  messageBn: string | null;
  /** Where "on" came from: the server's status, or a refusal of a call (cleared when a sale works again). */
  source: 'server' | 'refusal' | null;
}

const OFF: MaintenanceView = { on: false, message: null, messageBn: null, source: null };

export const useMaintenanceStore = create<MaintenanceView>(() => OFF);

/** The switch as the server answered it (the poll, later the event stream). */
export function showServerStatus(status: { on: boolean; message?: string; messageBn?: string }): void {
  useMaintenanceStore.setState(
    status.on
      ? { on: true, message: status.message ?? null, messageBn: status.messageBn ?? null, source: 'server' }
      : OFF,
  );
}

/** A call was refused with SALES_RESTRICTED: maintenance is on, with the server's message if it sent one. */
export function noteSalesRestricted(message: string | null): void {
  const current = useMaintenanceStore.getState();
  // The server's own status (with the Bengali message) says more than a refusal does.
  if (current.on && current.source === 'server') return;
  useMaintenanceStore.setState({ on: true, message, messageBn: null, source: 'refusal' });
}

/** Calls the switch always refuses: one that goes through means sales work again. */
const SALE_PATHS: ReadonlySet<string> = new Set([
  reservationAddresses.createReservation.path,
  accountAddresses.deposit.path,
  extraWeightAddresses.charge.path,
]);

/** A call went through: when it was a sale, a banner shown only because of a refusal goes. */
export function noteCallWorked(method: string, path: string): void {
  if (method === 'GET' || !SALE_PATHS.has(path)) return;
  if (useMaintenanceStore.getState().source === 'refusal') useMaintenanceStore.setState(OFF);
}
