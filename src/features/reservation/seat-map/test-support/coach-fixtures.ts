/**
 * Test coaches in the shape of the trip-details answer, drawn like the
 * reference server's templates (2+2 with 41 seats, 2+1 business with 28, a
 * two-deck sleeper of 60 berths spanning two rows). Copied on purpose: the
 * portal never imports server code.
 */
import type { Deck, SeatCell, SeatType } from '@agent-portal/contract';

type Kind = SeatCell['kind'];
type SeatInfo = NonNullable<SeatCell['seat']>;

export interface SeatOverrides {
  status?: Record<string, SeatInfo['status']>;
  lockedBy?: Record<string, 'ME' | 'OTHER'>;
  pnr?: Record<string, string>;
}

export interface Coach {
  driverSide: 'LEFT' | 'RIGHT';
  decks: Deck[];
}

const FARES: Record<SeatType, number> = {
  Standard: 1200,
  Business: 2000,
  Extra: 1500,
  Sleeper: 2500,
  'Sleeper Horizontal': 2200,
};

const letter = (i: number) => String.fromCharCode(65 + i);

function marker(kind: Kind, row: number, col: number): SeatCell {
  return { kind, row, col, rowSpan: 1, colSpan: 1 };
}

function seat(name: string, seatType: SeatType, row: number, col: number, rowSpan: 1 | 2, o: SeatOverrides): SeatCell {
  return {
    kind: 'SEAT',
    row,
    col,
    rowSpan,
    colSpan: 1,
    seat: {
      name,
      seatType,
      status: o.status?.[name] ?? 0,
      fare: FARES[seatType],
      lockedBy: o.lockedBy?.[name] ?? null,
      pnr: o.pnr?.[name] ?? null,
    },
  };
}

/** Driver on the right, door on the left, as in Bangladesh. */
function cabin(cols: number): SeatCell[] {
  return Array.from({ length: cols }, (_, col) =>
    marker(col === cols - 1 ? 'DRIVER' : col === 0 ? 'DOOR' : 'EMPTY', 0, col),
  );
}

function seated(rows: number, left: number, right: number, seatType: SeatType, o: SeatOverrides): Coach {
  const cols = left + 1 + right;
  const cells = cabin(cols);
  for (let r = 0; r < rows; r += 1) {
    const last = r === rows - 1;
    let position = 1;
    for (let col = 0; col < cols; col += 1) {
      if (col === left && !last) {
        cells.push(marker('AISLE', r + 1, col));
        continue;
      }
      cells.push(seat(`${letter(r)}${position}`, seatType, r + 1, col, 1, o));
      position += 1;
    }
  }
  return { driverSide: 'RIGHT', decks: [{ deck: 'LOWER', rows: rows + 1, cols, cells }] };
}

export const standardCoach = (o: SeatOverrides = {}): Coach => seated(10, 2, 2, 'Standard', o);
export const businessCoach = (o: SeatOverrides = {}): Coach => seated(9, 2, 1, 'Business', o);

export function sleeperCoach(o: SeatOverrides = {}): Coach {
  const deck = (name: 'LOWER' | 'UPPER', prefix: string): Deck => {
    const cells = name === 'LOWER' ? cabin(4) : [];
    const top = name === 'LOWER' ? 1 : 0;
    let n = 1;
    for (let b = 0; b < 10; b += 1) {
      const row = top + b * 2;
      for (const col of [0, 2, 3]) {
        cells.push(seat(`${prefix}${n}`, col === 0 ? 'Sleeper' : 'Sleeper Horizontal', row, col, 2, o));
        n += 1;
      }
      cells.push({ kind: 'AISLE', row, col: 1, rowSpan: 2, colSpan: 1 });
    }
    const rows = top + 20;
    if (name === 'LOWER') cells.push(marker('STAIRS', rows, 1), marker('TOILET', rows, 0));
    return { deck: name, rows: name === 'LOWER' ? rows + 1 : rows, cols: 4, cells };
  };
  return { driverSide: 'RIGHT', decks: [deck('LOWER', 'L'), deck('UPPER', 'U')] };
}
