/**
 * The legend: one swatch per state, drawn with the same classes and icons as
 * the seats themselves, and how many seats are in that state.
 */
import { memo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_ICONS } from './cell-icons';
import { formatCount, toLanguage } from './format-number';
import { SEAT_VIEW_STATUSES, type StatusCounts } from './seat-map-model';

function SeatLegendView({ counts }: { counts: StatusCounts }): ReactElement {
  const { t, i18n } = useTranslation('seat-map');
  const language = toLanguage(i18n.language);
  return (
    <ul className="seat-map__legend" aria-label={t('legendTitle')}>
      {SEAT_VIEW_STATUSES.map((status) => {
        const Icon = STATUS_ICONS[status];
        return (
          <li key={status} className="seat-map__legend-item" data-status={status}>
            <span className={`seat-map__swatch seat-map__seat--${status}`} aria-hidden="true">
              {Icon ? <Icon /> : null}
            </span>
            <span>
              {t('legendItem', { label: t(`legend.${status}`), count: formatCount(counts[status], language) })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The counts are a fresh object whenever the selection changes; the legend redraws only when a number does. */
const sameCounts = (a: { counts: StatusCounts }, b: { counts: StatusCounts }): boolean =>
  SEAT_VIEW_STATUSES.every((status) => a.counts[status] === b.counts[status]);

export const SeatLegend = memo(SeatLegendView, sameCounts);
