/**
 * The reservation preview the agent confirms before anything is charged
 * (field notes: tickets get sold for the wrong destination or time when
 * there is no such step). Enter confirms (the confirm button has the focus),
 * Escape goes back. While the call runs the button is busy and a second
 * press does nothing.
 */
import { Alert, Button, Descriptions, Modal, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FareQuoteRequest, RESERVATION_KINDS } from '@agent-portal/contract';
import { toApiError } from '../../../lib/api/api-error';
import { reasonMessage } from '../../../lib/api/error-messages';
import { formatDate } from '../../../lib/format';
import { quoteTotals, useFareQuote } from '../api/fare-quote';
import { useMoney } from '../hooks/use-display';
import type { PassengerValues } from '../model/passenger';
import type { PreviewTotals } from '../model/totals';

export type ReservationKind = (typeof RESERVATION_KINDS)[number];

export interface PreviewData {
  kind: ReservationKind;
  coach: string | null;
  route: string;
  origin: string;
  destination: string;
  boardingTime: string | null;
  reportingTime: string | null;
  totals: PreviewTotals | null;
  /** Priced by the server (open tickets: no seat map to read fares from); totals are then the quote's. */
  quote: FareQuoteRequest | null;
  couponCode: string | null;
  open: { seatType: string; seatCount: number } | null;
  migration: { pnr: string; charge: number | null; difference: number | null } | null;
  passenger: PassengerValues;
}

interface Props {
  data: PreviewData | null;
  submitting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function PreviewModal({ data, submitting, error, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('reservation');
  const money = useMoney();
  const quote = useFareQuote(data?.quote ?? null);
  if (!data) return <Modal open={false} footer={null} />;
  // No sale is offered on figures the server has not given (still working them out, or refused).
  const quoteBlocks = data.quote !== null && (quote.isFetching || quote.isError || !quote.data);
  const totals = data.quote ? (quote.data && !quote.isError ? quoteTotals(quote.data) : null) : data.totals;
  const quoteError = data.quote && quote.isError ? toApiError(quote.error) : null;
  const rows: { key: string; label: string; children: ReactNode }[] = [
    { key: 'segment', label: t('preview.segment'), children: `${data.origin} → ${data.destination}` },
    { key: 'route', label: t('preview.route'), children: data.route },
  ];
  if (data.coach) rows.push({ key: 'coach', label: t('preview.coach'), children: data.coach });
  if (data.boardingTime) rows.push({ key: 'boarding', label: t('preview.boardingTime'), children: formatDate(data.boardingTime, 'dateTime') });
  if (data.reportingTime) rows.push({ key: 'reporting', label: t('preview.reportingTime'), children: formatDate(data.reportingTime, 'time') });
  if (data.open) rows.push({ key: 'open', label: t('preview.openSeats'), children: t('preview.openSeatsValue', data.open) });
  const p = data.passenger;
  rows.push({ key: 'passenger', label: t('preview.passenger'), children: [p.name, p.phone, p.email].filter(Boolean).join(' · ') });
  if (p.remarks) rows.push({ key: 'remarks', label: t('passenger.remarks'), children: p.remarks });
  if (data.migration) rows.push({ key: 'migrateFrom', label: t('preview.migrateFrom'), children: data.migration.pnr });

  return (
    <Modal
      open
      title={t(`preview.title.${data.kind}`)}
      onCancel={submitting ? undefined : onCancel}
      maskClosable={false}
      keyboard={!submitting}
      width={640}
      destroyOnHidden
      footer={[
        <Button key="back" onClick={onCancel} disabled={submitting}>
          {t('preview.back')}
        </Button>,
        <Button key="confirm" type="primary" autoFocus loading={submitting} disabled={quoteBlocks} onClick={onConfirm} data-testid="preview-confirm">
          {t(`preview.confirm.${data.kind}`)}
        </Button>,
      ]}
    >
      <div data-testid="reservation-preview">
        <Descriptions size="small" column={1} bordered items={rows} />
        {data.quote && quote.isPending && !quote.isError && <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('preview.quotingFare')} data-testid="fare-quote-loading" />}
        {quoteError && (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            role="alert"
            data-testid="fare-quote-error"
            title={t('preview.quoteFailed')}
            description={reasonMessage(quoteError.reason, quoteError.details)}
          />
        )}
        {totals && (
          <Table
            style={{ marginTop: 12 }}
            size="small"
            pagination={false}
            rowKey="name"
            dataSource={totals.lines}
            columns={[
              { key: 'seat', title: t('preview.seat'), dataIndex: 'name' },
              { key: 'fare', title: t('preview.fare'), align: 'right', render: (_, l) => money(l.fare) },
              { key: 'discount', title: t('preview.discount'), align: 'right', render: (_, l) => money(l.discount) },
              { key: 'net', title: t('preview.net'), align: 'right', render: (_, l) => money(l.net) },
            ]}
            summary={() => (
                <>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>{t('preview.fare')}</Table.Summary.Cell>
                    <Table.Summary.Cell index={1} colSpan={3} align="right">
                      {money(totals.fare)}
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      {t('preview.discount')}
                      {data.couponCode ? ` (${data.couponCode})` : ''}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} colSpan={3} align="right">
                      <span data-testid="preview-discount">{money(totals.discount)}</span>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      <Typography.Text strong>{t('preview.total')}</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} colSpan={3} align="right">
                      <Typography.Text strong data-testid="preview-total">
                        {money(totals.total)}
                      </Typography.Text>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                  {data.quote && quote.data && (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0}>{t('preview.charge')}</Table.Summary.Cell>
                      <Table.Summary.Cell index={1} colSpan={3} align="right">
                        <span data-testid="preview-charge">{money(quote.data.charge)}</span>
                      </Table.Summary.Cell>
                    </Table.Summary.Row>
                  )}
                </>
              )}
          />
        )}
        {data.kind === 'OPEN' && <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('preview.openFareNote')} />}
        {data.kind === 'BOOK' && <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('preview.bookNote')} />}
        {data.migration && (
          <Alert
            style={{ marginTop: 12 }}
            type={data.migration.charge ? 'warning' : 'info'}
            showIcon
            data-testid="migration-quote"
            title={
              data.migration.charge === null
                ? t('preview.quoting')
                : t('preview.migrationCharge', { difference: money(data.migration.difference ?? 0), charge: money(data.migration.charge) })
            }
          />
        )}
        {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} role="alert" data-testid="preview-error" />}
      </div>
    </Modal>
  );
}
