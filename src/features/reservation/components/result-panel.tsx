/**
 * What the sale produced: PNR, the PIN (in this answer only, so shown once,
 * and sent to the passenger by SMS), status, total, a booking's expiry; with
 * print, resend PIN and a new sale.
 */
import { MessageOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Result, Space, Typography } from 'antd';
import type { Reservation, ReservationStatus } from '@agent-portal/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { stationName } from '../../../lib/station-name';
import { formatDate } from '../../../lib/format';
import { ariaKeys } from '../../../lib/keyboard/shortcut-table';
import { useMoney } from '../hooks/use-display';
import { ReservationStatusTag } from '../../../components/reservation-status-tag';

interface Props {
  reservation: Reservation;
  printing: boolean;
  /** The last print of this ticket failed (the toast said why): it stays flagged until a print goes through. */
  printFailed: boolean;
  resending: boolean;
  /** Absent when this user may not print the ticket again (a reprint needs AGENT_PRINT_TICKET). */
  onPrint?: () => void;
  onResendPin: () => void;
  onNewSale: () => void;
}

export function ResultPanel({
  reservation: r,
  printing,
  printFailed,
  resending,
  onPrint,
  onResendPin,
  onNewSale,
}: Props) {
  const { t, i18n } = useTranslation('reservation');
  const language = i18n.language === 'bn' ? 'bn' : 'en';
  const money = useMoney();
  const status = r.status as ReservationStatus;
  const printRef = useRef<HTMLButtonElement>(null);
  const newSaleRef = useRef<HTMLButtonElement>(null);
  // The focus goes where the next keystroke belongs: after a sale, Print (Enter prints); once the ticket is printed
  // (printCount grows only on a print that worked), New sale. The desktop app prints by itself after a sale, maybe
  // before the frame below: the printed ticket's New sale wins then, whichever comes first.
  const printCount = useRef(r.printCount);
  useEffect(() => {
    const placed = r.printCount;
    // After the preview dialog gave the focus back to its opener: a frame later.
    const frame = requestAnimationFrame(() => {
      const printed = printCount.current > placed;
      (printed ? newSaleRef.current : (printRef.current ?? newSaleRef.current))?.focus();
    });
    return () => cancelAnimationFrame(frame);
    // Once per ticket: its print count moving on is the next effect's business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [r.pnr]);
  useEffect(() => {
    if (r.printCount > printCount.current) newSaleRef.current?.focus();
    printCount.current = r.printCount;
  }, [r.printCount]);
  const items = [
    { key: 'pnr', label: t('common:fields.pnr'), children: <span className="reservation-pnr">{r.pnr}</span> },
    ...(r.pin
      ? [
          {
            key: 'pin',
            label: t('common:fields.pin'),
            children: (
              <Space orientation="vertical" size={0}>
                {/* A PIN is a code the passenger types, in Latin digits: the Bengali digit check passes data-code. */}
                <span className="reservation-pin" data-code>
                  {r.pin}
                </span>
                <Typography.Text type="secondary">{t('result.pinSent')}</Typography.Text>
              </Space>
            ),
          },
        ]
      : []),
    { key: 'status', label: t('common:fields.status'), children: <ReservationStatusTag status={status} /> },
    ...(r.expirationTime
      ? [
          {
            key: 'expires',
            label: t('common:fields.bookingExpires'),
            children: <span>{formatDate(r.expirationTime, 'dateTime')}</span>,
          },
        ]
      : []),
    { key: 'seats', label: t('common:fields.seats'), children: r.seats.map((s) => s.name).join(', ') },
    {
      key: 'segment',
      label: t('result.segment'),
      children: `${stationName(r.origin, language)} → ${stationName(r.destination, language)}`,
    },
    ...(r.boardingTime
      ? [{ key: 'boarding', label: t('result.boarding'), children: formatDate(r.boardingTime, 'dateTime') }]
      : []),
    ...(r.referencePnr ? [{ key: 'ref', label: t('result.referencePnr'), children: r.referencePnr }] : []),
    { key: 'total', label: t('common:fields.total'), children: <strong>{money(r.totalFare)}</strong> },
  ];
  const title = t(`result.title.${r.status}`, { defaultValue: t('result.title.default') });
  return (
    <section aria-label={title}>
      <Result
        status="success"
        title={title}
        extra={
          <Space wrap>
            {onPrint && (
              <Button
                ref={printRef}
                type="primary"
                icon={<PrinterOutlined />}
                loading={printing}
                onClick={onPrint}
                aria-keyshortcuts={ariaKeys('print')}
              >
                {t('common:actions.print')}
              </Button>
            )}
            <Button icon={<MessageOutlined />} loading={resending} onClick={onResendPin}>
              {t('common:actions.resendPin')}
            </Button>
            <Button ref={newSaleRef} icon={<PlusOutlined />} onClick={onNewSale} aria-keyshortcuts={ariaKeys('new')}>
              {t('result.newSale')}
            </Button>
          </Space>
        }
      >
        {printFailed && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('result.notPrinted.title')}
            description={t('result.notPrinted.description')}
          />
        )}
        <Descriptions size="small" column={1} bordered items={items} />
      </Result>
    </section>
  );
}
