import type { Deck, SeatCell, Stop } from '@agent-portal/contract';
import type { SeatLayout } from '../../domain/seat-layouts';
import { segmentsOverlap } from '../../domain/segments';
import type { Principal } from '../../http/principal';
import { fromMinor } from '../../lib/money';
import type { FareRow, OccupiedSeat, SeatLockRow, SegmentRef, TripStop } from './types';

export function stopView(s: TripStop): Stop {
  return {
    stationId: s.stationId,
    name: s.name,
    nameBn: s.nameBn,
    cityId: s.cityId,
    cityName: s.cityName,
    time: s.time.toISOString(),
  };
}

type SeatStatusCode = 0 | 1 | 2 | 3 | 13;
const SEAT_STATUSES: readonly number[] = [1, 2, 3, 13];

/** The layout's decks with each seat's status, lock and fare for one segment. */
export function buildDecks(
  layout: SeatLayout,
  ctx: { segment: SegmentRef; occupied: OccupiedSeat[]; locks: SeatLockRow[]; fares: FareRow[]; principal: Principal },
): Deck[] {
  const { segment, principal } = ctx;
  const taken = new Map<string, OccupiedSeat>();
  for (const o of ctx.occupied) if (segmentsOverlap(o, segment)) taken.set(o.seatName, o);
  const locked = new Map<string, 'ME' | 'OTHER'>();
  for (const l of ctx.locks) {
    if (!segmentsOverlap(l, segment)) continue;
    const owner = l.userId === principal.userId ? 'ME' : 'OTHER';
    if (locked.get(l.seatName) !== 'OTHER') locked.set(l.seatName, owner);
  }
  return layout.decks.map((deck) => ({
    deck: deck.deck,
    rows: deck.rows,
    cols: deck.cols,
    cells: deck.cells.map((c): SeatCell => {
      const base = { kind: c.kind, row: c.row, col: c.col, rowSpan: c.rowSpan, colSpan: c.colSpan };
      if (c.kind !== 'SEAT' || !c.seatName || !c.seatType) return base;
      const holder = taken.get(c.seatName);
      const status = (holder && SEAT_STATUSES.includes(holder.status) ? holder.status : 0) as SeatStatusCode;
      const fare = ctx.fares.find((f) => f.seatType === c.seatType)?.fareMinor ?? 0;
      return {
        ...base,
        seat: {
          name: c.seatName,
          seatType: c.seatType,
          status,
          fare: fromMinor(fare),
          lockedBy: holder ? null : (locked.get(c.seatName) ?? null),
          pnr: holder && holder.agentId === principal.agentId ? holder.pnr : null,
        },
      };
    }),
  }));
}
