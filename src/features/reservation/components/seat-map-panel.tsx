/**
 * The seat map wired to the draft: the only part of the screen that
 * re-renders on a seat click (with the summary), which keeps a click's
 * repaint within a frame on a 60-berth coach.
 */
import type { Deck } from '@agent-portal/contract';
import type { Ref } from 'react';
import { SeatMap, type SeatInfo, type SeatMapHandle } from '../seat-map';
import { useDraftStore } from '../state/draft-store';

interface Props {
  decks: readonly Deck[];
  driverSide: 'LEFT' | 'RIGHT';
  maxSelectable: number;
  onToggle: (seat: string) => void;
  onInspect: (seat: SeatInfo) => void;
  seatMapRef?: Ref<SeatMapHandle>;
}

export function SeatMapPanel({ decks, driverSide, maxSelectable, onToggle, onInspect, seatMapRef }: Props) {
  const selected = useDraftStore((s) => s.selected);
  const pending = useDraftStore((s) => s.pending);
  return (
    <SeatMap
      decks={decks}
      driverSide={driverSide}
      selectedSeats={selected}
      pendingSeats={pending}
      maxSelectable={maxSelectable}
      onToggle={onToggle}
      onInspect={onInspect}
      handle={seatMapRef}
    />
  );
}
