import { useQueryClient } from '@tanstack/react-query';
import type { Reservation } from '@agent-portal/contract';
import { sessionKeys } from '../../../lib/queries/keys';
import { useSessionStore } from '../../../stores/session-store';
import { ticketKeys, type TicketLookup } from './keys';

/**
 * After a change: show the server's answer at once, then reload the
 * reservation, its history and the recent list; when money moved, the
 * account chip's balance too.
 */
export function useAfterChange() {
  const queryClient = useQueryClient();
  const companyId = useSessionStore((s) => s.companyId);
  return (lookup: TicketLookup, options: { answer?: Reservation; moneyMoved: boolean }) => {
    if (options.answer) queryClient.setQueryData(ticketKeys.reservation(lookup.pnr, lookup.pin), options.answer);
    void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    if (options.moneyMoved && companyId !== null)
      void queryClient.invalidateQueries({ queryKey: sessionKeys.account(companyId) });
  };
}
