/**
 * Seat-map templates of the demo coaches, drawn as the best products draw
 * them: a grid per deck where each cell is a seat, an aisle,
 * or a marked cell (driver, door, toilet, stairs), and a sleeper berth spans
 * two rows. The driver's side is a property of the coach.
 */
import type { SeatType } from '@agent-portal/contract';

export type CellKind = 'SEAT' | 'AISLE' | 'DRIVER' | 'DOOR' | 'TOILET' | 'STAIRS' | 'EMPTY';

export interface LayoutCell {
  kind: CellKind;
  row: number;
  col: number;
  rowSpan: 1 | 2;
  colSpan: 1 | 2;
  seatName?: string;
  seatType?: SeatType;
}

export interface LayoutDeck {
  deck: 'LOWER' | 'UPPER';
  rows: number;
  cols: number;
  cells: LayoutCell[];
}

export interface SeatLayout {
  key: string;
  driverSide: 'LEFT' | 'RIGHT';
  decks: LayoutDeck[];
}

const rowLetter = (index: number): string => String.fromCharCode(65 + index);
const cell = (kind: CellKind, row: number, col: number, extra: Partial<LayoutCell> = {}): LayoutCell => ({
  kind,
  row,
  col,
  rowSpan: 1,
  colSpan: 1,
  ...extra,
});

/** The front row: driver on the right (Bangladesh drives on the left), door on the left. */
function cabinRow(cols: number, driverSide: 'LEFT' | 'RIGHT'): LayoutCell[] {
  const driverCol = driverSide === 'RIGHT' ? cols - 1 : 0;
  const doorCol = driverSide === 'RIGHT' ? 0 : cols - 1;
  return Array.from({ length: cols }, (_, col) =>
    cell(col === driverCol ? 'DRIVER' : col === doorCol ? 'DOOR' : 'EMPTY', 0, col),
  );
}

/**
 * Seated coach: `left` seats, an aisle, `right` seats per row; seat names are
 * row letter + position (A1..A4). The last row fills the aisle with a seat.
 */
function seatedDeck(
  rows: number,
  left: number,
  right: number,
  seatType: SeatType,
  driverSide: 'LEFT' | 'RIGHT',
): LayoutDeck {
  const cols = left + 1 + right;
  const cells = cabinRow(cols, driverSide);
  for (let r = 0; r < rows; r += 1) {
    const row = r + 1;
    const last = r === rows - 1;
    let position = 1;
    for (let col = 0; col < cols; col += 1) {
      if (col === left && !last) {
        cells.push(cell('AISLE', row, col));
        continue;
      }
      cells.push(cell('SEAT', row, col, { seatName: `${rowLetter(r)}${position}`, seatType }));
      position += 1;
    }
  }
  return { deck: 'LOWER', rows: rows + 1, cols, cells };
}

/** Standard 2+2 coach, 10 rows (the last row of 5): 41 seats. */
export function standardTwoByTwo(): SeatLayout {
  return { key: 'STANDARD_2X2', driverSide: 'RIGHT', decks: [seatedDeck(10, 2, 2, 'Standard', 'RIGHT')] };
}

/** Business 2+1 coach, 9 rows (the last of 4): 28 seats. */
export function businessTwoByOne(): SeatLayout {
  return { key: 'BUSINESS_2X1', driverSide: 'RIGHT', decks: [seatedDeck(9, 2, 1, 'Business', 'RIGHT')] };
}

/**
 * Two-deck sleeper: each deck has berths in a 1 | aisle | 2 arrangement, each
 * berth spanning two grid rows. Lower berths are L1.., upper U1..; the lower
 * deck has the stairs and a toilet at the back. 30 berths a deck, 60 in all.
 */
export function twoDeckSleeper(): SeatLayout {
  const berthRows = 10;
  const deck = (name: 'LOWER' | 'UPPER', prefix: string): LayoutDeck => {
    const cols = 4; // single berth, aisle, double berth (two columns)
    const cells: LayoutCell[] = name === 'LOWER' ? cabinRow(cols, 'RIGHT') : [];
    const top = name === 'LOWER' ? 1 : 0;
    let n = 1;
    for (let b = 0; b < berthRows; b += 1) {
      const row = top + b * 2;
      for (const col of [0, 2, 3]) {
        const seatType: SeatType = col === 0 ? 'Sleeper' : 'Sleeper Horizontal';
        cells.push({ kind: 'SEAT', row, col, rowSpan: 2, colSpan: 1, seatName: `${prefix}${n}`, seatType });
        n += 1;
      }
      cells.push({ kind: 'AISLE', row, col: 1, rowSpan: 2, colSpan: 1 });
    }
    const rows = top + berthRows * 2;
    if (name === 'LOWER') {
      cells.push(cell('STAIRS', rows, 1), cell('TOILET', rows, 0));
    }
    return { deck: name, rows: name === 'LOWER' ? rows + 1 : rows, cols, cells };
  };
  return { key: 'SLEEPER_2DECK', driverSide: 'RIGHT', decks: [deck('LOWER', 'L'), deck('UPPER', 'U')] };
}

export const SEAT_LAYOUTS: Record<string, () => SeatLayout> = {
  STANDARD_2X2: standardTwoByTwo,
  BUSINESS_2X1: businessTwoByOne,
  SLEEPER_2DECK: twoDeckSleeper,
};

/** Every seat of a layout, in drawing order. */
export function seatsOf(layout: SeatLayout): { name: string; seatType: SeatType; deck: 'LOWER' | 'UPPER' }[] {
  return layout.decks.flatMap((deck) =>
    deck.cells
      .filter((c) => c.kind === 'SEAT' && c.seatName && c.seatType)
      .map((c) => ({ name: c.seatName as string, seatType: c.seatType as SeatType, deck: deck.deck })),
  );
}
