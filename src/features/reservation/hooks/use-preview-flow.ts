/**
 * From "Sell" (or Book, Migrate, Open ticket) to a confirmed reservation:
 * check the seats and the passenger form, quote a migration, show the
 * preview, and send exactly what the preview showed.
 */
import { useState } from 'react';
import type { FormInstance } from 'antd';
import type { Coupon, FareQuoteRequestOf, Reservation, Route, TripDetails } from '@agent-portal/contract';
import { quoteMigration } from '../api/reservation-calls';
import type { Segment } from '../api/trip-details';
import type { MigrationSource } from '../model/sale';
import type { OpenTicketValues } from '../components/open-ticket-modal';
import type { PreviewData } from '../components/preview-modal';
import type { ReservationKind } from '../model/request';
import type { PassengerValues } from '../model/passenger';
import { reservationBody, type OpenSale, type TripSale } from '../model/request';
import { draft } from '../state/draft-store';
import { usePlaceReservation } from './use-place-reservation';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify/notifier';

interface Options {
  companyId: number;
  details: TripDetails | undefined;
  segment: Segment | null;
  coupon: Coupon | null;
  migration: MigrationSource | null;
  passengerForm: FormInstance<PassengerValues>;
  onPlaced: (reservation: Reservation) => void;
  focusPhone: () => void;
}

const stationLabel = (s: { name: string; nameBn?: string }) => (i18n.language === 'bn' && s.nameBn ? s.nameBn : s.name);

export function usePreviewFlow(o: Options) {
  const [preview, setPreview] = useState<PreviewData | null>(null);
  const [sale, setSale] = useState<TripSale | OpenSale | null>(null);
  const placing = usePlaceReservation(o.companyId);

  const passenger = async (): Promise<PassengerValues | null> => {
    try {
      return await o.passengerForm.validateFields();
    } catch {
      o.focusPhone();
      notify('warning', i18n.t('reservation:passenger.errors.fixForm'));
      return null;
    }
  };

  const open = async (kind: Exclude<ReservationKind, 'OPEN'>) => {
    const { details, segment } = o;
    const seats = [...draft.get().selected];
    if (!details || !segment || seats.length === 0) {
      notify('warning', i18n.t('reservation:summary.pickSeatsFirst'));
      return;
    }
    const moving =
      o.migration?.reservation.seats.filter((s) => s.status === o.migration?.reservation.status).length ?? 0;
    if (kind === 'MIGRATE' && moving > 0 && seats.length !== moving) {
      // The server moves as many seats as the ticket holds; saying so here saves a round trip.
      notify('warning', i18n.t('reservation:migrate.seatCount', { count: moving }));
      return;
    }
    const values = await passenger();
    if (!values) return;
    const boarding = details.boardingPoints.find((b) => b.stationId === segment.originStationId);
    const dropping = details.droppingPoints.find((d) => d.stationId === segment.destinationStationId);
    let sale: TripSale;
    if (kind === 'MIGRATE') {
      // Migrate is offered only with the ticket to move (reservation-page.tsx).
      if (!o.migration) return;
      const migrateFrom = { pnr: o.migration.reservation.pnr, pin: o.migration.pin };
      sale = { kind, companyId: o.companyId, ...segment, seats, migrateFrom };
    } else {
      sale = { kind, companyId: o.companyId, ...segment, seats, couponCode: o.coupon?.couponCode ?? null };
    }
    const migrateFrom = sale.kind === 'MIGRATE' ? sale.migrateFrom : null;
    const couponCode = sale.kind === 'MIGRATE' ? null : sale.couponCode;
    const body = reservationBody(sale, values);
    const base: PreviewData = {
      kind,
      coach: `${details.trip.coachCode} · ${details.trip.coachType}`,
      route: details.trip.routeName,
      origin: boarding ? stationLabel(boarding) : '',
      destination: dropping ? stationLabel(dropping) : '',
      boardingTime: boarding?.time ?? null,
      reportingTime: boarding?.reportingTime ?? null,
      seats: body.seats,
      // The server prices a sale or a booking from the same body the confirm sends (the phone is what a coupon's limit
      // counts).
      quote:
        sale.kind === 'MIGRATE'
          ? null
          : ({
              companyId: body.companyId,
              kind: sale.kind,
              tripId: segment.tripId,
              originStationId: body.originStationId,
              destinationStationId: body.destinationStationId,
              seats: body.seats,
              ...(body.couponCode ? { couponCode: body.couponCode } : {}),
              phone: body.passenger.phone,
            } satisfies FareQuoteRequestOf<'SELL' | 'BOOK'>),
      couponCode,
      open: null,
      migration: migrateFrom ? { pnr: migrateFrom.pnr, charge: null, difference: null } : null,
      passenger: values,
    };
    setSale(sale);
    setPreview(base);
    if (migrateFrom) {
      try {
        const quote = await quoteMigration({ ...migrateFrom, ...segment, seats });
        setPreview(
          (p) => p && { ...p, migration: { pnr: migrateFrom.pnr, charge: quote.charge, difference: quote.difference } },
        );
      } catch {
        // The refusal is a toast (callApi): no figures, no migration to confirm.
        setPreview(null);
      }
    }
  };

  const openTicket = async (values: OpenTicketValues, route: Route) => {
    const passengerValues = await passenger();
    if (!passengerValues) return;
    const stop = (id: number) => route.stations.find((s) => s.stationId === id);
    const couponCode = values.couponCode?.trim() || null;
    const sale: OpenSale = {
      kind: 'OPEN',
      companyId: o.companyId,
      routeId: values.routeId,
      originStationId: values.originStationId,
      destinationStationId: values.destinationStationId,
      seatType: values.seatType,
      seatCount: values.seatCount,
      couponCode,
    };
    const phone = reservationBody(sale, passengerValues).passenger.phone;
    setSale(sale);
    setPreview({
      kind: 'OPEN',
      coach: null,
      route: route.name,
      origin: stop(values.originStationId)?.name ?? '',
      destination: stop(values.destinationStationId)?.name ?? '',
      boardingTime: null,
      reportingTime: null,
      seats: null,
      // The server prices it: the same body the sale will send, with the phone a coupon's limit counts on.
      quote: {
        companyId: sale.companyId,
        kind: sale.kind,
        routeId: sale.routeId,
        originStationId: sale.originStationId,
        destinationStationId: sale.destinationStationId,
        seatType: sale.seatType,
        seatCount: sale.seatCount,
        ...(couponCode ? { couponCode } : {}),
        phone,
      },
      couponCode,
      open: { seatType: i18n.t(`reservation:seatType.${values.seatType}`), seatCount: values.seatCount },
      migration: null,
      passenger: passengerValues,
    });
  };

  const confirm = async () => {
    if (!sale || !preview) return;
    // A migration is confirmed only once its fare difference is on screen (the button waits too, and for a sale's
    // quote).
    if (preview.migration && preview.migration.charge === null) return;
    const reservation = await placing.place(reservationBody(sale, preview.passenger));
    if (!reservation) return;
    setPreview(null);
    setSale(null);
    o.onPlaced(reservation);
  };

  const cancel = () => {
    if (placing.submitting) return;
    setPreview(null);
    setSale(null);
  };

  return { preview, open, openTicket, confirm, cancel, submitting: placing.submitting };
}
