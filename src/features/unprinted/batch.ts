/**
 * Printing a batch of tickets one by one: a failure is kept for its row and
 * the rest carry on. printTicket records each print only when the ticket
 * printed.
 */
import type { Reservation } from '@agent-portal/contract';
import { printTicket, printTypeFor, type PrintTicketRequest } from '../../lib/printing';

export type RowOutcome =
  | { state: 'waiting' }
  | { state: 'printing' }
  | { state: 'printed' }
  | { state: 'not-recorded' }
  | { state: 'failed'; reason: string };

export interface BatchDeps {
  load: () => Promise<Map<string, Reservation>>;
  settings: Omit<PrintTicketRequest, 'reservation' | 'printType'>;
  onProgress: (pnr: string, outcome: RowOutcome) => void;
}

export async function printBatch(pnrs: readonly string[], deps: BatchDeps): Promise<Record<string, RowOutcome>> {
  const outcomes: Record<string, RowOutcome> = {};
  const set = (pnr: string, outcome: RowOutcome) => {
    outcomes[pnr] = outcome;
    deps.onProgress(pnr, outcome);
  };
  pnrs.forEach((pnr) => set(pnr, { state: 'waiting' }));
  let reservations = new Map<string, Reservation>();
  try {
    reservations = await deps.load();
  } catch {
    // Every row then fails with TICKET_NOT_LOADED below.
  }
  for (const pnr of pnrs) {
    const reservation = reservations.get(pnr);
    if (!reservation) {
      set(pnr, { state: 'failed', reason: 'TICKET_NOT_LOADED' });
      continue;
    }
    set(pnr, { state: 'printing' });
    try {
      // By the print count just loaded: a ticket printed elsewhere since the list was shown is a reprint (the server
      // records an original only once).
      const result = await printTicket({ ...deps.settings, reservation, printType: printTypeFor(reservation) });
      set(
        pnr,
        result.ok
          ? { state: result.recorded ? 'printed' : 'not-recorded' }
          : { state: 'failed', reason: result.reason },
      );
    } catch {
      set(pnr, { state: 'failed', reason: 'PRINT_FAILED' });
    }
  }
  return outcomes;
}
