/**
 * One deck drawn as a CSS grid straight from the layout cells: a cell's row,
 * column and spans become its grid lines, so a sleeper berth covers two rows
 * and aisles are simply cells left empty.
 */
import { memo, type CSSProperties, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deck } from '@agent-portal/contract';
import { MarkerIcon, type MarkerKind } from './cell-icons';
import { MarkerCell, SeatButton } from './seat-cell';
import { seatViewStatus } from './seat-map-model';

export interface SeatDeckProps {
  deck: Deck;
  /** Decks are titled only on coaches that have more than one. */
  titled: boolean;
  driverSide: 'LEFT' | 'RIGHT';
  selectedSeats: ReadonlySet<string>;
  pendingSeats: ReadonlySet<string>;
  /** The map's tab stop when it is a seat of this deck, else null. */
  tabStop: string | null;
  /**
   * This deck's chosen and in-flight seats as one string: the sets are the
   * whole map's and change identity on every click, so the deck compares
   * this instead, and a click on one deck leaves the other one alone.
   */
  selectionKey: string;
}

const MARKERS: ReadonlySet<string> = new Set<MarkerKind>(['DRIVER', 'DOOR', 'TOILET', 'STAIRS']);
const isMarker = (kind: string): kind is MarkerKind => MARKERS.has(kind);

function SeatDeckView({ deck, titled, driverSide, selectedSeats, pendingSeats, tabStop }: SeatDeckProps): ReactElement {
  const { t } = useTranslation('seat-map');
  const title = t(`deck.${deck.deck}`);
  // A deck without a driver cell (the upper deck) still shows where the front and the driver are.
  const hasDriver = deck.cells.some((cell) => cell.kind === 'DRIVER');
  const grid: CSSProperties = {
    gridTemplateColumns: `repeat(${deck.cols}, var(--seat-size))`,
    gridTemplateRows: `repeat(${deck.rows}, var(--seat-size))`,
  };
  return (
    <section className="seat-map__deck" aria-label={title} data-deck={deck.deck}>
      {titled && (
        <h4 className="seat-map__deck-title" aria-hidden="true">
          {title}
        </h4>
      )}
      <div className={`seat-map__front seat-map__front--driver-${driverSide.toLowerCase()}`}>
        <span>▲ {t('front')}</span>
        {!hasDriver && (
          <span role="img" aria-label={t('marker.DRIVER')}>
            <MarkerIcon kind="DRIVER" />
          </span>
        )}
      </div>
      <div className="seat-map__grid" style={grid}>
        {deck.cells.map((cell) => {
          const placement = { row: cell.row, col: cell.col, rowSpan: cell.rowSpan, colSpan: cell.colSpan };
          const key = `${cell.row}:${cell.col}`;
          if (cell.kind === 'SEAT' && cell.seat) {
            const { name } = cell.seat;
            return (
              <SeatButton
                key={key}
                seat={cell.seat}
                status={seatViewStatus(cell.seat, selectedSeats.has(name))}
                tabbable={tabStop === name}
                pending={pendingSeats.has(name)}
                {...placement}
              />
            );
          }
          return isMarker(cell.kind) ? <MarkerCell key={key} kind={cell.kind} {...placement} /> : null;
        })}
      </div>
    </section>
  );
}

const sameDeckProps = (a: SeatDeckProps, b: SeatDeckProps): boolean =>
  a.deck === b.deck &&
  a.titled === b.titled &&
  a.driverSide === b.driverSide &&
  a.tabStop === b.tabStop &&
  a.selectionKey === b.selectionKey;

export const SeatDeck = memo(SeatDeckView, sameDeckProps);
