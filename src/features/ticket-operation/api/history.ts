import { useQuery } from '@tanstack/react-query';
import { reservationApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { ticketKeys } from './keys';

export function useReservationHistory(pnr: string | null) {
  return useQuery({
    queryKey: ticketKeys.history(pnr ?? ''),
    queryFn: () => callApi(reservationApi.history, { body: { pnr: pnr! } }),
    enabled: pnr !== null,
    retry: false,
  });
}
