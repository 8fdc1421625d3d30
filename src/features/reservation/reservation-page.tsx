/**
 * The reservation screen: search, trip list,
 * trip tabs with the seat map, passenger and coupon, actions, the preview
 * the agent confirms, and the result. This file only composes: each part
 * and each server call lives in its own module.
 */
import { Alert, Button, Card, Form, Space, Tabs, Typography, type InputRef } from 'antd';
import type { Reservation, TripSummary } from '@agent-portal/contract';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { permissionsOf } from '../../lib/access';
import { mayPrintTicket } from '../../lib/printing';
import { useProfile } from '../../lib/queries/profile';
import { useSessionStore } from '../../stores/session-store';
import { useManifest } from './api/passengers';
import { resendPin } from './api/reservation-calls';
import { useTripSearch, type TripSearch } from './api/search-trips';
import { useTripDetails } from './api/trip-details';
import { ActionBar } from './components/action-bar';
import { CouponField } from './components/coupon-field';
import { ExtraWeightTable } from './components/extra-weight-table';
import { ManifestTable } from './components/manifest-table';
import { MigrateSourceModal } from './components/migrate-source-modal';
import { OpenTicketModal } from './components/open-ticket-modal';
import { PassengerForm } from './components/passenger-form';
import { ResultCard } from './components/result-card';
import { SearchPanel, type SearchPanelHandle } from './components/search-panel';
import { SeatHolder } from './components/seat-holder';
import { SelectionSummary } from './components/selection-summary';
import { TripDetailsTab } from './components/trip-details-tab';
import { TripList } from './components/trip-list';
import { PreviewModal } from './components/preview-modal';
import { LockCountdown } from './components/lock-countdown';
import { usePreviewFlow } from './hooks/use-preview-flow';
import { usePrintReservation } from './hooks/use-print-reservation';
import { useReservationShortcuts } from './hooks/use-reservation-shortcuts';
import { useSeatSelection } from './hooks/use-seat-selection';
import { useTakenSeats } from './hooks/use-taken-seats';
import { actionVisibility } from './model/actions';
import { isValidPhone, normalisePhone, type PassengerValues } from './model/passenger';
import { EMPTY_SALE, maxSelectable as maxSelectableIn, saleReducer, segmentOf, type TripTab } from './model/sale';
import type { SeatInfo, SeatMapHandle } from './seat-map';
import { formatCount, toLanguage } from './seat-map/format-number';
import { draft } from './state/draft-store';
import './reservation.css';

/** No trips yet: one array for every draw, so the memoised trip list sees no change. */
const NO_TRIPS: readonly TripSummary[] = [];

export function ReservationPage() {
  const { t, i18n } = useTranslation('reservation');
  const companyId = useSessionStore((s) => s.companyId) ?? 0;
  const { data: profile } = useProfile();
  const granted = useMemo(() => permissionsOf(profile), [profile]);
  const can = useMemo(() => actionVisibility(granted), [granted]);

  const [search, setSearch] = useState<TripSearch | null>(null);
  const [sale, dispatch] = useReducer(saleReducer, EMPTY_SALE);
  const { trip, boardingId, droppingId, coupon, migration, result, lastTicket, tab } = sale;
  const [inspected, setInspected] = useState<SeatInfo | null>(null);
  const [dialog, setDialog] = useState<'open' | 'migrate' | 'help' | null>(null);
  const [passengerForm] = Form.useForm<PassengerValues>();
  const searchRef = useRef<SearchPanelHandle>(null);
  const seatMapRef = useRef<SeatMapHandle>(null);
  const phoneRef = useRef<InputRef>(null);

  const trips = useTripSearch(search);
  // The agent's own search, the first or a new one (the last one's trips shown meanwhile): not the live stream's
  // quiet re-reads of the free-seat counts, which would flash the list's and the button's spinners at every sale.
  const searchingTrips = trips.isFetching && (trips.data === undefined || trips.isPlaceholderData);
  // Stable, so that the memoised trip list skips the page's redraws on each seat event of the open trip.
  const pickTrip = useCallback((picked: TripSummary) => dispatch({ type: 'tripPicked', trip: picked }), []);
  const segment = useMemo(() => segmentOf({ trip, boardingId, droppingId }), [trip, boardingId, droppingId]);
  const details = useTripDetails(segment);
  // Stable while the trip's stops are the same objects, so that a seat event does not draw the stop pickers again.
  const boardingPoints = details.data?.boardingPoints;
  const droppingPoints = details.data?.droppingPoints;
  const chooseBoarding = useCallback(
    (stationId: number) =>
      dispatch({
        type: 'boardingChosen',
        stationId,
        boardingPoints: boardingPoints ?? [],
        droppingPoints: droppingPoints ?? [],
      }),
    [boardingPoints, droppingPoints],
  );
  const chooseDropping = useCallback((stationId: number) => dispatch({ type: 'droppingChosen', stationId }), []);
  const manifest = useManifest(trip?.tripId ?? null, can.passengers);
  const seats = useSeatSelection(segment);

  // Seats this user still holds on the segment (a reload, a second tab) become the selection again: from the first
  // read of the segment only, since a later one (a poll, a live refetch) may have left before a release was answered.
  const adoptedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!details.data || !segment) return;
    const segmentKey = `${segment.tripId}:${segment.originStationId}:${segment.destinationStationId}`;
    if (adoptedFor.current === segmentKey) return;
    adoptedFor.current = segmentKey;
    const mine = details.data.myLocks;
    const { selected, pending } = draft.get();
    if (mine && mine.seats.length && selected.size === 0 && pending.size === 0) draft.adopt(mine.seats, mine.expiresAt);
  }, [details.data, segment]);

  // The focus goes where the next keystroke belongs. Arriving on the screen: the From field.
  useEffect(() => {
    searchRef.current?.focus();
  }, []);
  // A picked trip's seat map, once drawn: its first free seat, so Space takes it.
  const seatsFocusedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!trip) seatsFocusedFor.current = null;
    if (!trip || details.data?.trip.tripId !== trip.tripId || seatsFocusedFor.current === trip.tripId) return;
    seatsFocusedFor.current = trip.tripId;
    requestAnimationFrame(() => {
      // Only from the trip list (or nowhere): an agent already typing elsewhere keeps the focus.
      const active = document.activeElement;
      if (active && active !== document.body && !active.closest('.ant-table')) return;
      seatMapRef.current?.focus();
    });
  }, [trip, details.data]);

  const printer = usePrintReservation((printed) => dispatch({ type: 'printed', reservation: printed }));

  // The one print rule of every screen: a reprint needs AGENT_PRINT_TICKET.
  const mayPrint = (reservation: Reservation | null): reservation is Reservation =>
    reservation !== null && mayPrintTicket(reservation, granted);
  const printIfAllowed = (reservation: Reservation | null) => {
    if (mayPrint(reservation)) void printer.print(reservation);
  };

  const flow = usePreviewFlow({
    companyId,
    details: details.data,
    segment,
    coupon,
    migration,
    passengerForm,
    onPlaced: (reservation) => {
      dispatch({ type: 'placed', reservation });
      passengerForm.resetFields();
      draft.reset();
      if (printer.autoPrint) printIfAllowed(reservation);
    },
    focusPhone: () => phoneRef.current?.focus(),
  });
  useTakenSeats(details.data, flow.submitting);

  const closeSale = () => {
    seats.releaseAll();
    dispatch({ type: 'closed' });
    passengerForm.resetFields();
    searchRef.current?.focus();
  };

  const maxSelectable = maxSelectableIn(sale);
  const modalOpen = dialog !== null || flow.preview !== null || inspected !== null;

  const shortcutHelp = useReservationShortcuts({
    enabled: !modalOpen,
    focusSearch: () => searchRef.current?.focus(),
    newSale: closeSale,
    focusSeatMap: () => seatMapRef.current?.focus(),
    focusPassenger: () => phoneRef.current?.focus(),
    sell: () => void (migration ? flow.open('MIGRATE') : can.sell && flow.open('SELL')),
    book: () => void (!migration && can.book && flow.open('BOOK')),
    refresh: () => segment && void details.refetch(),
    print: () => printIfAllowed(lastTicket),
    help: { open: dialog === 'help', setOpen: (open) => setDialog(open ? 'help' : null) },
  });

  const holder = inspected
    ? ((manifest.data ?? []).find(
        (row) => row.seat === inspected.name && (!inspected.pnr || row.pnr === inspected.pnr),
      ) ?? null)
    : null;
  const phoneNow = () => {
    const values = passengerForm.getFieldsValue();
    return values.phone && isValidPhone(values.phone, values.countryCode ?? 'BD') ? normalisePhone(values.phone) : null;
  };

  return (
    <div className="reservation-page">
      <PageTitle
        extra={
          <Button type="link" onClick={() => setDialog('help')}>
            {t('shortcuts.hint')}
          </Button>
        }
      >
        {t('title')}
      </PageTitle>
      <Card size="small" style={{ marginBottom: 16 }}>
        <SearchPanel companyId={companyId} searching={searchingTrips} onSearch={setSearch} handle={searchRef} />
        <TripList
          trips={trips.data ?? NO_TRIPS}
          loading={searchingTrips}
          searched={search !== null}
          searchKey={search}
          selectedTripId={trip?.tripId ?? null}
          onPick={pickTrip}
        />
      </Card>

      {migration && (
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          showIcon
          title={t('migrate.banner', {
            pnr: migration.reservation.pnr,
            count: maxSelectable,
            n: formatCount(maxSelectable, toLanguage(i18n.language)),
            route: migration.reservation.routeName,
          })}
          action={
            <Button size="small" onClick={() => dispatch({ type: 'migrationCancelled' })}>
              {t('migrate.cancel')}
            </Button>
          }
        />
      )}

      {result && (
        <ResultCard
          reservation={result}
          printing={printer.printing}
          printFailed={printer.failedPnr === result.pnr}
          paper={printer.paper}
          onPrint={mayPrint(result) ? () => printIfAllowed(result) : undefined}
          onResendPin={() => resendPin(result.pnr).then(() => undefined)}
          onNewSale={closeSale}
        />
      )}

      <div className="reservation-grid">
        <Card size="small">
          <Tabs
            activeKey={tab}
            onChange={(key) => dispatch({ type: 'tabChanged', tab: key as TripTab })}
            items={[
              {
                key: 'details',
                label: t('tabs.details'),
                children: (
                  <TripDetailsTab
                    details={details.data}
                    loading={details.isLoading}
                    fetching={details.isFetching}
                    boardingId={boardingId}
                    droppingId={droppingId}
                    onBoarding={chooseBoarding}
                    onDropping={chooseDropping}
                    onRefresh={() => void details.refetch()}
                    canPickSeats={can.pickSeats}
                    maxSelectable={can.pickSeats ? maxSelectable : 0}
                    onToggle={(name) => void seats.toggle(name)}
                    onInspect={setInspected}
                    seatMapRef={seatMapRef}
                  />
                ),
              },
              ...(can.passengers && trip
                ? [{ key: 'passengers', label: t('tabs.passengers'), children: <ManifestTable tripId={trip.tripId} /> }]
                : []),
              ...(can.extraWeight && trip
                ? [
                    {
                      key: 'extra-weight',
                      label: t('tabs.extraWeight'),
                      children: <ExtraWeightTable companyId={companyId} tripId={trip.tripId} />,
                    },
                  ]
                : []),
            ]}
          />
        </Card>
        <Card size="small" title={t('common:fields.passenger')}>
          <PassengerForm form={passengerForm} phoneRef={phoneRef} />
          {!migration && (can.sell || can.book) && (
            <CouponField
              target={segment ? { tripId: segment.tripId, boardingId: segment.originStationId } : null}
              phone={phoneNow}
              coupon={coupon}
              onChange={(next) => dispatch({ type: 'couponChanged', coupon: next })}
            />
          )}
          <Space align="center" wrap style={{ marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('common:fields.seats')}
            </Typography.Title>
            <LockCountdown
              renew={seats.renew}
              onLapsed={() => {
                draft.reset();
                if (segment) void seats.refreshMap(segment);
              }}
            />
          </Space>
          <SelectionSummary decks={details.data?.decks ?? []} coupon={migration ? null : coupon} />
          <div style={{ marginTop: 12 }}>
            <ActionBar
              visibility={can}
              migrating={migration !== null}
              canPrint={mayPrint(lastTicket)}
              printing={printer.printing}
              onSell={() => void flow.open('SELL')}
              onBook={() => void flow.open('BOOK')}
              onOpenTicket={() => setDialog('open')}
              onMigrate={() => setDialog('migrate')}
              onClose={closeSale}
              onReview={() => void flow.open(migration ? 'MIGRATE' : can.sell ? 'SELL' : 'BOOK')}
              onPrint={() => printIfAllowed(lastTicket)}
              onHelp={() => setDialog('help')}
            />
          </div>
        </Card>
      </div>

      <PreviewModal
        data={flow.preview}
        submitting={flow.submitting}
        onConfirm={() => void flow.confirm()}
        onCancel={flow.cancel}
      />
      <SeatHolder seat={inspected} holder={holder} canManage={can.ticketOperation} onClose={() => setInspected(null)} />
      <OpenTicketModal
        open={dialog === 'open'}
        companyId={companyId}
        onCancel={() => setDialog(null)}
        onContinue={(values, route) => {
          setDialog(null);
          void flow.openTicket(values, route);
        }}
      />
      <MigrateSourceModal
        open={dialog === 'migrate'}
        onCancel={() => setDialog(null)}
        onFound={(source) => {
          setDialog(null);
          seats.releaseAll();
          dispatch({ type: 'migrationStarted', source });
          passengerForm.setFieldsValue({
            countryCode: source.reservation.passenger.countryCode,
            phone: source.reservation.passenger.phone,
            name: source.reservation.passenger.name,
            email: source.reservation.passenger.email ?? undefined,
          });
        }}
      />
      {shortcutHelp}
    </div>
  );
}
