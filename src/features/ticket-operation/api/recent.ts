import { useQuery } from '@tanstack/react-query';
import { reservationApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { useSessionStore } from '../../../stores/session-store';
import { ticketKeys } from './keys';

export const RECENT_LIMIT = 10;

/** The agent's latest reservations under the current company, for a quick pick. */
export function useRecentReservations() {
  const companyId = useSessionStore((s) => s.companyId);
  return useQuery({
    queryKey: ticketKeys.recent(companyId ?? 0),
    queryFn: () =>
      callApi(reservationApi.recent, { params: { companyId: companyId!, limit: RECENT_LIMIT }, silent: true }),
    enabled: companyId !== null,
  });
}
