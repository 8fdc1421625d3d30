/**
 * The reservation preview the agent confirms before anything is charged
 * (without such a step, tickets get sold for the wrong destination or time).
 * Enter confirms (the confirm button has the focus
 * once the server has priced the sale), Escape goes back. While the call
 * runs the button is busy and a second press does nothing.
 *
 * The money is the server's quote (POST /api/reservation/quote) for a sale,
 * a booking and an open ticket; a migration is priced by its own call
 * (validateTripMigration: the fare difference), which the quote does not cover.
 */
import { Alert, Button, Descriptions, Modal } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FareQuoteRequest } from '@agent-portal/contract';
import { formatDate } from '../../../lib/format';
import { usePreviewQuote } from '../api/fare-quote';
import { useMoney } from '../hooks/use-display';
import type { PassengerValues } from '../model/passenger';
import type { ReservationKind } from '../model/request';
import { PreviewMoney } from './preview-money';

export interface PreviewData {
  kind: ReservationKind;
  coach: string | null;
  route: string;
  origin: string;
  destination: string;
  boardingTime: string | null;
  reportingTime: string | null;
  /** A trip's seats (null for an open ticket). */
  seats: readonly string[] | null;
  /** The body the server prices it with: the same sale the confirm sends. Null for a migration. */
  quote: FareQuoteRequest | null;
  couponCode: string | null;
  open: { seatType: string; seatCount: number } | null;
  migration: { pnr: string; charge: number | null; difference: number | null } | null;
  passenger: PassengerValues;
}

interface Props {
  data: PreviewData | null;
  submitting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function PreviewModal({ data, submitting, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('reservation');
  const money = useMoney();
  const quote = usePreviewQuote(data?.quote ?? null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // No sale is offered on figures the server has not given (still working them out, or refused).
  const blocked = data !== null && ((data.quote !== null && !quote.ready) || data.migration?.charge === null);
  // The button was disabled while the quote was asked, so autoFocus found nothing: Enter confirms once it can.
  // The dialog's focus lock puts the focus on its first control (the close button) if it opens after the
  // quote has answered, so the confirm button takes it again once the dialog is open (afterOpenChange).
  const focusConfirm = () => {
    if (!blocked) confirmRef.current?.focus({ preventScroll: true });
  };
  useEffect(() => {
    if (data && !blocked) confirmRef.current?.focus({ preventScroll: true });
  }, [data, blocked]);
  if (!data) return <Modal open={false} footer={null} />;
  const rows: { key: string; label: string; children: ReactNode }[] = [
    { key: 'segment', label: t('preview.segment'), children: `${data.origin} → ${data.destination}` },
    { key: 'route', label: t('common:fields.route'), children: data.route },
  ];
  if (data.coach) rows.push({ key: 'coach', label: t('common:fields.coach'), children: data.coach });
  if (data.boardingTime)
    rows.push({
      key: 'boarding',
      label: t('preview.boardingTime'),
      children: formatDate(data.boardingTime, 'dateTime'),
    });
  if (data.reportingTime)
    rows.push({
      key: 'reporting',
      label: t('common:fields.reportingTime'),
      children: formatDate(data.reportingTime, 'time'),
    });
  if (data.seats) rows.push({ key: 'seats', label: t('common:fields.seats'), children: data.seats.join(', ') });
  if (data.open)
    rows.push({ key: 'open', label: t('preview.openSeats'), children: t('preview.openSeatsValue', data.open) });
  const p = data.passenger;
  rows.push({
    key: 'passenger',
    label: t('common:fields.passenger'),
    children: [p.name, p.phone, p.email].filter(Boolean).join(' · '),
  });
  if (p.remarks) rows.push({ key: 'remarks', label: t('common:fields.remarks'), children: p.remarks });
  if (data.migration) rows.push({ key: 'migrateFrom', label: t('preview.migrateFrom'), children: data.migration.pnr });

  return (
    <Modal
      open
      title={t(`preview.title.${data.kind}`)}
      onCancel={submitting ? undefined : onCancel}
      maskClosable={false}
      keyboard={!submitting}
      width={640}
      afterOpenChange={(opened) => opened && focusConfirm()}
      destroyOnHidden
      footer={[
        <Button key="back" onClick={onCancel} disabled={submitting}>
          {t('common:actions.back')}
        </Button>,
        <Button
          key="confirm"
          ref={confirmRef}
          type="primary"
          autoFocus
          loading={submitting}
          disabled={blocked}
          onClick={onConfirm}
        >
          {t(`preview.confirm.${data.kind}`)}
        </Button>,
      ]}
    >
      <div>
        <Descriptions size="small" column={1} bordered items={rows} />
        {data.quote && <PreviewMoney kind={data.kind} quote={quote} couponCode={data.couponCode} />}
        {data.kind === 'OPEN' && (
          <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('preview.openFareNote')} />
        )}
        {data.kind === 'BOOK' && <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('preview.bookNote')} />}
        {data.migration && (
          <Alert
            style={{ marginTop: 12 }}
            type={data.migration.charge ? 'warning' : 'info'}
            showIcon
            title={
              data.migration.charge === null
                ? t('preview.quoting')
                : t('preview.migrationCharge', {
                    difference: money(data.migration.difference ?? 0),
                    charge: money(data.migration.charge),
                  })
            }
          />
        )}
      </div>
    </Modal>
  );
}
