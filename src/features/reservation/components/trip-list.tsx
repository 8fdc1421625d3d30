/** The trips a search found; the agent picks one (click, or Enter on its button). */
import { Button, Table, Tag, Typography } from 'antd';
import { memo, useEffect, useRef } from 'react';
import type { ColumnsType } from 'antd/es/table';
import type { TripSummary } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useMoney, useStationName } from '../hooks/use-display';
import { formatCount, toLanguage } from '../seat-map/format-number';

interface Props {
  trips: readonly TripSummary[];
  loading: boolean;
  searched: boolean;
  selectedTripId: number | null;
  onPick: (trip: TripSummary) => void;
  /** The search these trips answer: a new one puts the focus on its first trip. */
  searchKey?: unknown;
}

/** Memoised: the reservation page draws again on every seat event of the open trip, which changes no trip row. */
export const TripList = memo(function TripList({ trips, loading, searched, selectedTripId, onPick, searchKey }: Props) {
  const { t, i18n } = useTranslation('reservation');
  const count = (n: number) => formatCount(n, toLanguage(i18n.language));
  const money = useMoney();
  const stationName = useStationName();
  const columns: ColumnsType<TripSummary> = [
    {
      key: 'departure',
      title: t('trips.departure'),
      render: (_, trip) => (
        <>
          <Typography.Text strong>{formatDate(trip.origin.time, 'time')}</Typography.Text>{' '}
          <Typography.Text type="secondary">{formatDate(trip.origin.time, 'dayMonth')}</Typography.Text>
        </>
      ),
    },
    {
      key: 'coach',
      title: t('common:fields.coach'),
      render: (_, trip) => (
        <>
          <Typography.Text strong>{trip.coachCode}</Typography.Text>{' '}
          <Typography.Text type="secondary">{trip.coachType}</Typography.Text>
        </>
      ),
    },
    {
      key: 'route',
      title: t('common:fields.route'),
      responsive: ['md'],
      render: (_, trip) => (
        <>
          {trip.routeName}
          {!trip.allowIntermediate && (
            <Tag style={{ marginInlineStart: 6 }} color="gold">
              {t('trips.throughOnly')}
            </Tag>
          )}
        </>
      ),
    },
    {
      key: 'segment',
      title: t('trips.segment'),
      responsive: ['sm'],
      render: (_, trip) =>
        `${stationName(trip.origin)} ${formatDate(trip.origin.time, 'time')} → ${stationName(trip.destination)} ${formatDate(trip.destination.time, 'time')}`,
    },
    {
      key: 'seats',
      title: t('common:fields.seats'),
      render: (_, trip) => (
        <Tag color={trip.availableSeats > 0 ? 'green' : 'red'}>
          {t('trips.seatsOf', { available: count(trip.availableSeats), total: count(trip.totalSeats) })}
        </Tag>
      ),
    },
    { key: 'fare', title: t('trips.fareFrom'), render: (_, trip) => money(trip.fareFrom) },
    {
      key: 'pick',
      title: <span className="sr-only">{t('trips.pick')}</span>,
      render: (_, trip) => (
        <Button
          size="small"
          type={trip.tripId === selectedTripId ? 'primary' : 'default'}
          aria-pressed={trip.tripId === selectedTripId}
          disabled={trip.state !== 'OPEN'}
          onClick={(event) => {
            event.stopPropagation();
            onPick(trip);
          }}
        >
          {trip.state === 'OPEN' ? t('trips.pick') : t(`tripState.${trip.state}`)}
        </Button>
      ),
    },
  ];
  // The answer to a search is the next thing to act on: the first trip's Pick (Enter picks it).
  // Once per search (a refetch after a sale must not take the focus from Print).
  const table = useRef<HTMLDivElement>(null);
  const focusedFor = useRef<unknown>(null);
  useEffect(() => {
    if (loading || !trips.length || focusedFor.current === searchKey) return;
    focusedFor.current = searchKey;
    // Only from the search form (or nowhere): an agent already typing elsewhere keeps the focus. antd gives a Form
    // its name as the element's id, not as its name attribute.
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest('form#trip-search')) return;
    table.current?.querySelector<HTMLButtonElement>('td button:not([disabled])')?.focus();
  }, [trips, loading, searchKey]);
  return (
    <div ref={table}>
      <Table<TripSummary>
        aria-label={t('trips.label')}
        size="small"
        rowKey="tripId"
        columns={columns}
        dataSource={[...trips]}
        loading={loading}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: searched ? t('trips.none') : t('trips.searchFirst') }}
        rowClassName={(trip) => (trip.tripId === selectedTripId ? 'reservation-trip--selected' : '')}
        onRow={(trip) => ({ onClick: () => trip.state === 'OPEN' && onPick(trip), style: { cursor: 'pointer' } })}
      />
    </div>
  );
});
