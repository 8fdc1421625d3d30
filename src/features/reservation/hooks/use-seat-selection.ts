/**
 * Seat picking against the server: a lock per picked seat, a release per
 * dropped one, every lock let go when the segment changes or the screen
 * closes. Failures say why (SEAT_UNAVAILABLE names the seats) and redraw the
 * map, since the seat was evidently taken by someone else meanwhile.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toApiError } from '../../../lib/api/api-error';
import { notifyApiError } from '../../../lib/notify/notifier';
import { reservationKeys } from '../api/keys';
import { releaseOnUnload, seatLock } from '../api/seat-lock';
import type { Segment } from '../api/trip-details';
import { draft } from '../state/draft-store';
import { afterNextPaint } from './after-next-paint';

function sameSegment(a: Segment | null, b: Segment | null): boolean {
  return (
    a?.tripId === b?.tripId &&
    a?.originStationId === b?.originStationId &&
    a?.destinationStationId === b?.destinationStationId
  );
}

export function useSeatSelection(segment: Segment | null) {
  const queryClient = useQueryClient();
  const current = useRef<Segment | null>(segment);

  const refreshMap = useCallback(
    (of: Segment) =>
      queryClient.invalidateQueries({
        queryKey: reservationKeys.tripDetails(of.tripId, of.originStationId, of.destinationStationId),
      }),
    [queryClient],
  );

  const toggle = useCallback(
    async (name: string) => {
      const of = current.current;
      if (!of) return;
      const state = draft.get();
      if (state.pending.has(name)) return;
      const release = state.selected.has(name);
      draft.startPending(name);
      try {
        await afterNextPaint();
        // Left meanwhile (another trip, close): releaseAll already let the draft go, so no lock is taken.
        if (!sameSegment(of, current.current) || !draft.get().pending.has(name)) return;
        const answer = await seatLock(of, release ? { release: [name] } : { lock: [name] });
        // A late answer for a segment the agent already left changes nothing on screen.
        if (!sameSegment(of, current.current)) return;
        draft.settle(name, !release, answer.seats.length ? answer.expiresAt : null);
      } catch (error) {
        const apiError = toApiError(error);
        if (!sameSegment(of, current.current)) return;
        // Dropped meanwhile because another counter took it (use-taken-seats): that notice said it already.
        if (!draft.get().pending.has(name)) return void refreshMap(of);
        draft.settle(name, null);
        notifyApiError(apiError);
        void refreshMap(of);
      }
    },
    [refreshMap],
  );

  /** Lets every held seat go (segment change, close, leaving the screen). */
  const releaseAll = useCallback(() => {
    const of = current.current;
    const { selected, pending } = draft.get();
    const seats = [...selected, ...pending];
    draft.reset();
    if (of && seats.length) {
      // Best effort: an unreleased lock lapses by itself within 5 minutes.
      void seatLock(of, { release: seats }).catch(() => undefined);
    }
  }, []);

  /** Renews the locks of the selected seats (the agent is still working on the sale). */
  const renew = useCallback(async () => {
    const of = current.current;
    const seats = [...draft.get().selected];
    if (!of || seats.length === 0) return;
    try {
      const answer = await seatLock(of, { lock: seats });
      if (sameSegment(of, current.current)) draft.setExpiry(answer.expiresAt);
    } catch (error) {
      notifyApiError(toApiError(error));
      draft.reset();
      void refreshMap(of);
    }
  }, [refreshMap]);

  useEffect(() => {
    if (sameSegment(current.current, segment)) return;
    releaseAll();
    current.current = segment;
  }, [segment, releaseAll]);

  // Leaving the screen lets the seats go for the next counter.
  useEffect(() => () => releaseAll(), [releaseAll]);

  // So does closing or reloading the page, where an ordinary call would be cut off.
  useEffect(() => {
    const onPageHide = () => {
      const { selected, pending } = draft.get();
      if (current.current) releaseOnUnload(current.current, [...selected, ...pending]);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  return { toggle, releaseAll, renew, refreshMap };
}
