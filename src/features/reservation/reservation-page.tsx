/**
 * The reservation screen: search, trip list,
 * trip tabs with the seat map, passenger and coupon, actions, the preview
 * the agent confirms, and the result. This file only composes: each part
 * and each server call lives in its own module.
 */
import { Alert, Button, Card, Form, Space, Tabs, Typography, type InputRef } from 'antd';
import type { Coupon, Reservation, TripSummary } from '@agent-portal/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { permissionsOf } from '../../lib/access';
import { mayPrintTicket } from '../../lib/printing';
import { useProfile } from '../../lib/queries/profile';
import { useSessionStore } from '../../stores/session-store';
import { useManifest } from './api/passengers';
import { resendPin } from './api/reservation-calls';
import { useTripSearch, type TripSearch } from './api/search-trips';
import { useTripDetails, type Segment } from './api/trip-details';
import { ActionBar } from './components/action-bar';
import { CouponField } from './components/coupon-field';
import { ExtraWeightTable } from './components/extra-weight-table';
import { ManifestTable } from './components/manifest-table';
import { MigrateSourceModal, type MigrationSource } from './components/migrate-source-modal';
import { OpenTicketModal } from './components/open-ticket-modal';
import { PassengerForm } from './components/passenger-form';
import { ResultCard } from './components/result-card';
import { SearchPanel, type SearchPanelHandle } from './components/search-panel';
import { SeatHolder } from './components/seat-holder';
import { SelectionSummary } from './components/selection-summary';
import { ShortcutHelp } from './components/shortcut-help';
import { TripDetailsTab } from './components/trip-details-tab';
import { TripList } from './components/trip-list';
import { PreviewModal } from './components/preview-modal';
import { LockCountdown } from './components/lock-countdown';
import { usePreviewFlow } from './hooks/use-preview-flow';
import { usePrintReservation } from './hooks/use-print-reservation';
import { useReservationShortcuts } from './hooks/use-reservation-shortcuts';
import { useSeatSelection } from './hooks/use-seat-selection';
import { actionVisibility } from './model/actions';
import { isValidPhone, normalisePhone, type PassengerValues } from './model/passenger';
import type { SeatInfo } from './seat-map';
import { formatCount, toLanguage } from './seat-map/format-number';
import { draft } from './state/draft-store';
import { MAX_SEATS_PER_RESERVATION } from '@agent-portal/contract';
import './reservation.css';

export function ReservationPage() {
  const { t, i18n } = useTranslation('reservation');
  const companyId = useSessionStore((s) => s.companyId) ?? 0;
  const { data: profile } = useProfile();
  const granted = useMemo(() => permissionsOf(profile), [profile]);
  const can = useMemo(() => actionVisibility(granted), [granted]);

  const [search, setSearch] = useState<TripSearch | null>(null);
  const [trip, setTrip] = useState<TripSummary | null>(null);
  const [boardingId, setBoardingId] = useState<number | null>(null);
  const [droppingId, setDroppingId] = useState<number | null>(null);
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const [inspected, setInspected] = useState<SeatInfo | null>(null);
  const [migration, setMigration] = useState<MigrationSource | null>(null);
  const [result, setResult] = useState<Reservation | null>(null);
  const [lastTicket, setLastTicket] = useState<Reservation | null>(null);
  const [dialog, setDialog] = useState<'open' | 'migrate' | 'help' | null>(null);
  const [tab, setTab] = useState('details');
  const [passengerForm] = Form.useForm<PassengerValues>();
  const searchRef = useRef<SearchPanelHandle>(null);
  const phoneRef = useRef<InputRef>(null);

  const trips = useTripSearch(search);
  const segment = useMemo<Segment | null>(
    () => (trip && boardingId && droppingId ? { tripId: trip.tripId, originStationId: boardingId, destinationStationId: droppingId } : null),
    [trip, boardingId, droppingId],
  );
  const details = useTripDetails(segment);
  const manifest = useManifest(trip?.tripId ?? null, can.passengers);
  const seats = useSeatSelection(segment);

  // Seats this user still holds on the segment (a reload, a second tab) become the selection again.
  useEffect(() => {
    const mine = details.data?.myLocks;
    const { selected, pending } = draft.get();
    if (mine && mine.seats.length && selected.size === 0 && pending.size === 0) draft.adopt(mine.seats, mine.expiresAt);
  }, [details.data]);

  const printer = usePrintReservation((printed) => {
    setLastTicket(printed);
    setResult((shown) => (shown?.pnr === printed.pnr ? { ...printed, pin: shown.pin } : shown));
  });

  // The one print rule of every screen: a reprint needs AGENT_PRINT_TICKET.
  const mayPrint = (reservation: Reservation | null): reservation is Reservation => reservation !== null && mayPrintTicket(reservation, granted);
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
      setResult(reservation);
      setLastTicket(reservation);
      setCoupon(null);
      setMigration(null);
      passengerForm.resetFields();
      draft.reset();
      if (printer.autoPrint) printIfAllowed(reservation);
    },
    focusPhone: () => phoneRef.current?.focus(),
  });

  const pickTrip = (picked: TripSummary) => {
    setTrip(picked);
    setBoardingId(picked.origin.stationId);
    setDroppingId(picked.destination.stationId);
    setCoupon(null);
    setResult(null);
    setTab('details');
  };

  const closeSale = () => {
    seats.releaseAll();
    setResult(null);
    setCoupon(null);
    setMigration(null);
    passengerForm.resetFields();
    searchRef.current?.focus();
  };

  const maxSelectable = migration ? migration.reservation.seats.filter((s) => s.status === migration.reservation.status).length || 1 : MAX_SEATS_PER_RESERVATION;
  const modalOpen = dialog !== null || flow.preview !== null || inspected !== null;

  useReservationShortcuts({
    enabled: !modalOpen,
    focusSearch: () => searchRef.current?.focus(),
    newSale: closeSale,
    focusSeatMap: () => document.querySelector<HTMLElement>('[data-testid="seat-map-panel"] [data-seat][tabindex="0"]')?.focus(),
    focusPassenger: () => phoneRef.current?.focus(),
    sell: () => void (migration ? flow.open('MIGRATE') : can.sell && flow.open('SELL')),
    book: () => void (!migration && can.book && flow.open('BOOK')),
    refresh: () => segment && void details.refetch(),
    print: () => printIfAllowed(lastTicket),
    help: () => setDialog('help'),
  });

  const holder = inspected ? (manifest.data ?? []).find((row) => row.seat === inspected.name && (!inspected.pnr || row.pnr === inspected.pnr)) ?? null : null;
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
        <SearchPanel companyId={companyId} searching={trips.isFetching} onSearch={setSearch} handle={searchRef} />
        <TripList trips={trips.data ?? []} loading={trips.isFetching} searched={search !== null} selectedTripId={trip?.tripId ?? null} onPick={pickTrip} />
      </Card>

      {migration && (
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          showIcon
          data-testid="migration-banner"
          title={t('migrate.banner', { pnr: migration.reservation.pnr, count: maxSelectable, n: formatCount(maxSelectable, toLanguage(i18n.language)), route: migration.reservation.routeName })}
          action={
            <Button size="small" onClick={() => setMigration(null)}>
              {t('migrate.cancel')}
            </Button>
          }
        />
      )}

      {result && (
        <ResultCard
          reservation={result}
          printing={printer.printing}
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
            onChange={setTab}
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
                    onBoarding={(id) => {
                      setBoardingId(id);
                      setCoupon(null);
                      const stops = details.data?.droppingPoints ?? [];
                      const boardingIndex = details.data?.boardingPoints.findIndex((b) => b.stationId === id) ?? -1;
                      const droppingIndex = stops.findIndex((d) => d.stationId === droppingId);
                      if (droppingIndex < boardingIndex) setDroppingId(stops[stops.length - 1]?.stationId ?? null);
                    }}
                    onDropping={setDroppingId}
                    onRefresh={() => void details.refetch()}
                    canPickSeats={can.pickSeats}
                    maxSelectable={can.pickSeats ? maxSelectable : 0}
                    onToggle={(name) => void seats.toggle(name)}
                    onInspect={setInspected}
                  />
                ),
              },
              ...(can.passengers && trip
                ? [{ key: 'passengers', label: t('tabs.passengers'), children: <ManifestTable tripId={trip.tripId} /> }]
                : []),
              ...(can.extraWeight && trip
                ? [{ key: 'extra-weight', label: t('tabs.extraWeight'), children: <ExtraWeightTable companyId={companyId} tripId={trip.tripId} /> }]
                : []),
            ]}
          />
        </Card>
        <Card size="small" title={t('passenger.title')}>
          <PassengerForm form={passengerForm} phoneRef={phoneRef} />
          {!migration && (can.sell || can.book) && (
            <CouponField
              target={segment ? { tripId: segment.tripId, boardingId: segment.originStationId } : null}
              phone={phoneNow}
              coupon={coupon}
              onChange={setCoupon}
            />
          )}
          <Space align="center" wrap style={{ marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('summary.title')}
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

      <PreviewModal data={flow.preview} submitting={flow.submitting} onConfirm={() => void flow.confirm()} onCancel={flow.cancel} />
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
          setMigration(source);
          setResult(null);
          passengerForm.setFieldsValue({
            countryCode: source.reservation.passenger.countryCode,
            phone: source.reservation.passenger.phone,
            name: source.reservation.passenger.name,
            email: source.reservation.passenger.email ?? undefined,
          });
        }}
      />
      <ShortcutHelp open={dialog === 'help'} onClose={() => setDialog(null)} />
    </div>
  );
}
