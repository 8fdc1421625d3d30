/** Query keys of this screen's server state. */
export const ticketKeys = {
  all: ['ticket-operation'] as const,
  reservation: (pnr: string, pin: string) => ['ticket-operation', 'reservation', pnr, pin] as const,
  history: (pnr: string) => ['ticket-operation', 'history', pnr] as const,
  boardingPoints: (pnr: string) => ['ticket-operation', 'boarding-points', pnr] as const,
  recent: (companyId: number) => ['ticket-operation', 'recent', companyId] as const,
  delayedCancelReasons: ['ticket-operation', 'delayed-cancel-reasons'] as const,
};

/** What identifies the reservation on screen: its PNR and the PIN the passenger gave. */
export interface TicketLookup {
  pnr: string;
  pin: string;
}
