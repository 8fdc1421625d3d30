/**
 * The reservation screen's seat map (issue #3). Decks side by side, wrapping
 * on narrow screens; a legend with counts; one tab stop with arrow-key
 * movement across aisles and decks. Selection belongs to the screen: the map
 * only reports toggles and inspections, and refuses a toggle past the limit.
 */
import {
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, theme } from 'antd';
import { MAX_SEATS_PER_RESERVATION, type Deck } from '@agent-portal/contract';
import { SeatDeck } from './seat-deck';
import { SeatLegend } from './seat-legend';
import { formatCount, toLanguage } from './format-number';
import {
  countByStatus,
  indexSeats,
  isInspectable,
  isToggleable,
  seatViewStatus,
  type SeatIndex,
  type SeatInfo,
} from './seat-map-model';
import { isNavigationKey, nextSeatName } from './seat-navigation';
import { afterNextPaint, useUnmountSignal } from '../hooks/after-next-paint';
import './seat-map.css';

export interface SeatMapProps {
  decks: readonly Deck[];
  driverSide?: 'LEFT' | 'RIGHT';
  /** The seats chosen for this reservation so far. */
  selectedSeats: ReadonlySet<string>;
  /** A free, selected or self-held seat was activated: add it to or drop it from the selection. */
  onToggle: (seatName: string) => void;
  /** A sold, booked, admin-booked or linked seat was activated: show who holds it. */
  onInspect: (seat: SeatInfo) => void;
  /** Seats with a lock or release request in flight: shown busy and not toggleable. */
  pendingSeats?: ReadonlySet<string>;
  maxSelectable?: number;
  /** Told when a toggle is refused because the selection is full (the map also says so). */
  onLimitExceeded?: (max: number) => void;
  /** For the screen's keyboard shortcut that jumps to the map. */
  handle?: Ref<SeatMapHandle>;
}

export interface SeatMapHandle {
  /** Focuses the map's tab stop: the seat the agent was last on, else the first one to pick. */
  focus: () => void;
}

const NO_SEATS: ReadonlySet<string> = new Set();

function seatNameOf(target: EventTarget): string | null {
  if (!(target instanceof Element)) return null;
  return target.closest<HTMLElement>('[data-seat]')?.dataset.seat ?? null;
}

/** Per deck, its chosen and in-flight seats as one comparable string (see SeatDeck's selectionKey). */
export function deckSelectionKeys(
  index: SeatIndex,
  deckCount: number,
  selected: ReadonlySet<string>,
  pending: ReadonlySet<string>,
): string[] {
  const keys: string[][] = Array.from({ length: deckCount }, () => []);
  for (const name of selected) keys[index.get(name)?.deckIndex ?? -1]?.push(`s:${name}`);
  for (const name of pending) keys[index.get(name)?.deckIndex ?? -1]?.push(`p:${name}`);
  return keys.map((k) => k.sort().join(','));
}

/** Where the tab stop rests before the agent moves it: the first chosen seat, else the first free one. */
function defaultTabStop(index: SeatIndex, selected: ReadonlySet<string>): string | null {
  let firstFree: string | null = null;
  for (const { seat } of index.values()) {
    if (selected.has(seat.name)) return seat.name;
    if (firstFree === null && isToggleable(seatViewStatus(seat, false))) firstFree = seat.name;
  }
  return firstFree ?? index.keys().next().value ?? null;
}

function useThemeVariables(): CSSProperties {
  const { token } = theme.useToken();
  return useMemo(
    () =>
      ({
        '--seat-text': token.colorText,
        '--seat-muted': token.colorTextSecondary,
        '--seat-bg': token.colorBgContainer,
        '--seat-fill': token.colorFillSecondary,
        '--seat-border': token.colorBorderSecondary,
        '--seat-border-strong': token.colorBorder,
        '--seat-focus': token.colorPrimaryBorderHover,
        '--seat-primary': token.colorPrimary,
        '--seat-primary-bg': token.colorPrimaryBg,
        '--seat-on-solid': token.colorTextLightSolid,
        '--seat-sold': token.colorError,
        '--seat-booked': token.orange6,
        '--seat-booked-bg': token.orange1,
        '--seat-booked-stripe': token.orange2,
        '--seat-booked-text': token.orange9,
        '--seat-admin': token.purple6,
        '--seat-admin-bg': token.purple1,
        '--seat-admin-text': token.purple8,
        '--seat-linked': token.cyan7,
        '--seat-linked-bg': token.cyan1,
        '--seat-linked-dot': token.cyan3,
        '--seat-linked-text': token.cyan9,
      }) as CSSProperties,
    [token],
  );
}

export function SeatMap({
  decks,
  driverSide = 'RIGHT',
  selectedSeats,
  onToggle,
  onInspect,
  pendingSeats = NO_SEATS,
  maxSelectable = MAX_SEATS_PER_RESERVATION,
  onLimitExceeded,
  handle,
}: SeatMapProps): ReactElement {
  const { t, i18n } = useTranslation('seat-map');
  const themeVariables = useThemeVariables();
  const instructionsId = useId();
  const index = useMemo(() => indexSeats(decks), [decks]);
  const counts = useMemo(() => countByStatus(index, selectedSeats), [index, selectedSeats]);
  const [activeSeat, setActiveSeat] = useState<string | null>(null);
  const [limitHit, setLimitHit] = useState(false);
  /**
   * A press on a seat focuses it and then clicks it: the click moves the tab stop, so the focus need not render first.
   */
  const pressing = useRef(false);
  const decksRef = useRef<HTMLDivElement>(null);
  useImperativeHandle(
    handle,
    () => ({ focus: () => decksRef.current?.querySelector<HTMLElement>('[data-seat][tabindex="0"]')?.focus() }),
    [],
  );
  const unmounted = useUnmountSignal();
  const tabStop = activeSeat !== null && index.has(activeSeat) ? activeSeat : defaultTabStop(index, selectedSeats);
  const tabStopDeck = tabStop === null ? -1 : (index.get(tabStop)?.deckIndex ?? -1);
  const selectionKeys = deckSelectionKeys(index, decks.length, selectedSeats, pendingSeats);
  // Seats still being locked look chosen already, so they count toward the limit.
  let chosen = selectedSeats.size;
  for (const name of pendingSeats) if (!selectedSeats.has(name)) chosen += 1;

  const activate = (name: string) => {
    const placed = index.get(name);
    if (!placed || pendingSeats.has(name)) return;
    const status = seatViewStatus(placed.seat, selectedSeats.has(name));
    if (isInspectable(status)) {
      onInspect(placed.seat);
      return;
    }
    if (!isToggleable(status)) return;
    if (status !== 'selected' && chosen >= maxSelectable) {
      setLimitHit(true);
      onLimitExceeded?.(maxSelectable);
      return;
    }
    setLimitHit(false);
    onToggle(name);
  };

  // Space and Enter on a <button> arrive here as clicks, so the keyboard needs no extra path.
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const name = seatNameOf(event.target);
    if (name === null) return;
    // The pressed seat already has the focus; making it the tab stop changes the focused
    // element's tabindex, which makes the browser restyle and lay out at once to re-check its
    // focusability. That waits until the click's frame is painted.
    void afterNextPaint(unmounted.current).then(() => setActiveSeat(name));
    activate(name);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    pressing.current = false;
    const from = seatNameOf(event.target);
    if (from === null || !isNavigationKey(event.key)) return;
    event.preventDefault();
    const next = nextSeatName(index, from, event.key);
    setActiveSeat(next);
    const element = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-seat]')].find(
      (el) => el.dataset.seat === next,
    );
    element?.focus();
  };

  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (pressing.current) return;
    const name = seatNameOf(event.target);
    if (name !== null && name !== activeSeat) setActiveSeat(name);
  };

  const showLimit = limitHit && chosen >= maxSelectable;
  return (
    <div className="seat-map" style={themeVariables}>
      <p id={instructionsId} className="seat-map__sr-only">
        {t('instructions')}
      </p>
      <div
        ref={decksRef}
        className="seat-map__decks"
        role="group"
        aria-label={t('mapLabel')}
        aria-describedby={instructionsId}
        onClick={handleClick}
        onKeyDown={handleKeyDown}
        onFocus={handleFocus}
        onPointerDown={() => {
          pressing.current = true;
        }}
        onPointerUp={() => {
          pressing.current = false;
        }}
        onPointerCancel={() => {
          pressing.current = false;
        }}
      >
        {decks.map((deck, deckIndex) => (
          <SeatDeck
            key={deck.deck}
            deck={deck}
            titled={decks.length > 1}
            driverSide={driverSide}
            selectedSeats={selectedSeats}
            pendingSeats={pendingSeats}
            tabStop={tabStopDeck === deckIndex ? tabStop : null}
            selectionKey={selectionKeys[deckIndex] ?? ''}
          />
        ))}
      </div>
      {showLimit && (
        <Alert
          type="warning"
          showIcon
          title={t('limit', { count: maxSelectable, max: formatCount(maxSelectable, toLanguage(i18n.language)) })}
        />
      )}
      <SeatLegend counts={counts} />
    </div>
  );
}
