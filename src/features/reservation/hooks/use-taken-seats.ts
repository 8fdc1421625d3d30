/**
 * A seat this counter picked but another counter took first (the live stream, a poll or a refresh shows it sold,
 * booked or linked) leaves the selection at once, with a notice naming it: the agent learns it before a sale that
 * would be refused. Not while this counter's own sale is being placed: its own seats turn sold then.
 */
import type { TripDetails } from '@agent-portal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify/notifier';
import { indexSeats } from '../seat-map/seat-map-model';
import { SeatStatus } from '../../../lib/contract';
import { draft } from '../state/draft-store';

/** The picked seats the details show held by a reservation. */
export function takenSeats(details: TripDetails, picked: Iterable<string>): string[] {
  const index = indexSeats(details.decks);
  return [...new Set(picked)].filter((name) => {
    const seat = index.get(name)?.seat;
    return seat !== undefined && seat.status !== SeatStatus.AVAILABLE;
  });
}

export function useTakenSeats(details: TripDetails | undefined, placing: boolean): void {
  const { t } = useTranslation('reservation');
  useEffect(() => {
    if (!details || placing) return;
    const { selected, pending } = draft.get();
    const taken = takenSeats(details, [...selected, ...pending]);
    if (taken.length === 0) return;
    draft.drop(taken);
    notify('warning', t('live.seatTaken', { count: taken.length, seats: taken.join(', ') }));
  }, [details, placing, t]);
}
