/**
 * One seat of the map. Memoised on primitive props plus the seat object (which
 * only changes when the trip details are refetched), so a click re-renders the
 * clicked seat and the old and new tab stops, never the whole coach. It holds
 * no handlers: the map listens once on its container (event delegation), which
 * is what keeps the props stable.
 */
import { memo, type CSSProperties, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SyncOutlined } from '@ant-design/icons';
import type { SeatType } from '@agent-portal/contract';
import { STATUS_ICONS, MarkerIcon, type MarkerKind } from './cell-icons';
import { formatFare, toLanguage } from './format-number';
import { isToggleable, type SeatInfo, type SeatViewStatus } from './seat-map-model';

export interface GridPlacement {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

/** CSS grid lines are 1-based; the layout's rows and columns are 0-based. */
export function gridArea({ row, col, rowSpan, colSpan }: GridPlacement): CSSProperties {
  return { gridRow: `${row + 1} / span ${rowSpan}`, gridColumn: `${col + 1} / span ${colSpan}` };
}

export const SEAT_TYPE_KEYS: Record<SeatType, string> = {
  Standard: 'standard',
  Business: 'business',
  Extra: 'extra',
  Sleeper: 'sleeper',
  'Sleeper Horizontal': 'sleeperHorizontal',
};

export interface SeatButtonProps extends GridPlacement {
  seat: SeatInfo;
  status: SeatViewStatus;
  /** The one seat of the map in the tab order (roving tabindex). */
  tabbable: boolean;
  /**
   * A lock or release for this seat is in flight. The seat already looks the way the click asked
   * (chosen, or free again) while the server answers (optimistic), busy and not clickable.
   */
  pending: boolean;
}

function SeatButtonView({ seat, status, tabbable, pending, ...placement }: SeatButtonProps): ReactElement {
  const { t, i18n } = useTranslation('seat-map');
  const Icon = STATUS_ICONS[status];
  const toggleable = isToggleable(status);
  const label = t(pending ? 'seatNamePending' : 'seatName', {
    name: seat.name,
    type: t(`seatType.${SEAT_TYPE_KEYS[seat.seatType]}`),
    status: t(`status.${status}`),
    fare: formatFare(seat.fare, toLanguage(i18n.language)),
  });
  return (
    <button
      type="button"
      className={`seat-map__seat seat-map__seat--${status}${pending ? ` seat-map__seat--pending ${status === 'selected' ? 'seat-map__seat--releasing' : 'seat-map__seat--locking'}` : ''}`}
      style={gridArea(placement)}
      data-seat={seat.name}
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      title={label}
      // Toggle seats say whether they are chosen; held seats are plain buttons that open the holder.
      aria-pressed={toggleable ? status === 'selected' : undefined}
      // aria-disabled, not disabled: the seat must stay focusable for arrow navigation.
      aria-disabled={pending || status === 'lockedByOther' ? true : undefined}
      aria-busy={pending || undefined}
    >
      <span className="seat-map__seat-name" aria-hidden="true">
        {seat.name}
      </span>
      <span className="seat-map__seat-icon" aria-hidden="true">
        {/* A still icon, not a spinner: an endless animation would put every locking seat on a layer of its own. */}
        {pending ? <SyncOutlined /> : Icon ? <Icon /> : null}
      </span>
    </button>
  );
}

export const SeatButton = memo(SeatButtonView);

export interface MarkerCellProps extends GridPlacement {
  kind: MarkerKind;
}

function MarkerCellView({ kind, ...placement }: MarkerCellProps): ReactElement {
  const { t } = useTranslation('seat-map');
  return (
    <div
      className={`seat-map__marker seat-map__marker--${kind.toLowerCase()}`}
      style={gridArea(placement)}
      role="img"
      aria-label={t(`marker.${kind}`)}
    >
      <MarkerIcon kind={kind} />
    </div>
  );
}

export const MarkerCell = memo(MarkerCellView);
