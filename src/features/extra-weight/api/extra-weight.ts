import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  extraWeightApi,
  voucherApi,
  type Endpoint,
  type ExtraWeightCharge,
  type ExtraWeightChargeRequest,
  type RequestBody,
} from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { useIdempotentCall } from '../../../lib/api/use-idempotent-call';
import { reservationByPnrAndPin } from '../../../lib/queries/reservation';
import { useCompanyId, useRefreshAccount } from '../../../lib/money-hooks';

export const extraWeightKeys = {
  all: ['extra-weight'] as const,
  reservation: (pnr: string, pin: string) => ['extra-weight', 'reservation', pnr, pin] as const,
  charges: (companyId: number, reservationPnr: string) =>
    ['extra-weight', 'charges', companyId, reservationPnr] as const,
  charge: (pnr: string) => ['extra-weight', 'charge', pnr] as const,
};

export interface TicketLookup {
  pnr: string;
  pin: string;
}

/** The ticket the baggage goes with (a wrong PNR or PIN is toasted by callApi). */
export function useTicket(lookup: TicketLookup | null) {
  return useQuery({
    queryKey: extraWeightKeys.reservation(lookup?.pnr ?? '', lookup?.pin ?? ''),
    queryFn: () => reservationByPnrAndPin(lookup!.pnr, lookup!.pin),
    enabled: lookup !== null,
    retry: false,
    staleTime: 0,
    gcTime: 60_000,
  });
}

/** The charges already on a ticket, newest first. */
export function useChargesOf(reservationPnr: string | null) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: extraWeightKeys.charges(companyId, reservationPnr ?? ''),
    queryFn: () =>
      callApi(extraWeightApi.list, { body: { companyId, reservationPnr: reservationPnr!, page: 1, pageSize: 50 } }),
    enabled: reservationPnr !== null,
  });
}

/** One charge by its own PNR (not found is toasted by callApi). */
export function useCharge(pnr: string | null) {
  return useQuery({
    queryKey: extraWeightKeys.charge(pnr ?? ''),
    queryFn: () => callApi(extraWeightApi.find, { body: { pnr: pnr! } }),
    enabled: pnr !== null,
    retry: false,
    staleTime: 0,
  });
}

/**
 * A money movement (charge or return) with an Idempotency-Key
 * (lib/api/use-idempotent-call); refreshes the account chip and the charge
 * lists once taken. A refusal is toasted by callApi.
 */
function useMoneyCall<E extends Endpoint>(endpoint: E) {
  const queryClient = useQueryClient();
  const refreshAccount = useRefreshAccount();
  return useIdempotentCall(
    (body: RequestBody<E>, headers) =>
      (callApi as (e: Endpoint, o: object) => Promise<ExtraWeightCharge>)(endpoint, { body, headers }),
    (answer) => {
      queryClient.setQueryData(extraWeightKeys.charge(answer.pnr), answer);
      void queryClient.invalidateQueries({ queryKey: ['extra-weight', 'charges'] });
      refreshAccount();
    },
  );
}

export const useChargeExtraWeight = () => useMoneyCall(extraWeightApi.charge);
export const useReturnExtraWeight = () => useMoneyCall(extraWeightApi.cancel);
export type ChargeBody = ExtraWeightChargeRequest;

/** Records a receipt print; only called once the receipt printed. */
export function recordReceiptPrint(pnr: string, printType: 'ORIGINAL' | 'REPRINT' | 'RETURN') {
  return callApi(extraWeightApi.savePrintAction, { body: { pnr, printType }, silent: true });
}

/**
 * The money receipt's voucher number (one per charge and per return: asking
 * again answers the same number, so a reprint keeps it).
 */
export function receiptVoucher(charge: ExtraWeightCharge, kind: 'ORIGINAL' | 'REPRINT' | 'RETURN') {
  return callApi(voucherApi.createVoucher, {
    body: {
      companyId: charge.companyId,
      kind: kind === 'RETURN' ? 'EXTRA_WEIGHT_RETURN' : 'EXTRA_WEIGHT',
      referenceId: charge.pnr,
      amount: charge.amount,
    },
    silent: true,
  });
}
