import { useQueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Form, Grid, Row, Skeleton, type InputRef } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useScreenShortcuts } from '../../components/screen-shortcuts';
import { notify } from '../../lib/notify/notifier';
import { ticketKeys, type TicketLookup } from './api/keys';
import { useReservation } from './api/reservation';
import { useResendPin } from './api/resend-pin';
import { useTicketOperation } from './api/ticket-operation';
import { LookupForm, normalisePnr } from './lookup-form';
import { RecentList } from './recent-list';
import { ReservationPanel, type ReservationPanelHandle } from './reservation-panel';

/**
 * Ticket operation: find a reservation by PNR and PIN,
 * then confirm, cancel, extend, resend its PIN or print it.
 */
export function TicketOperationPage() {
  const { t } = useTranslation('ticket-operation');
  const [form] = Form.useForm<TicketLookup>();
  const pnrRef = useRef<InputRef>(null);
  const pinRef = useRef<InputRef>(null);
  const panelRef = useRef<ReservationPanelHandle>(null);
  const [lookup, setLookup] = useState<TicketLookup | null>(null);
  const query = useReservation(lookup);
  // One per screen, so a retry after no answer reuses its Idempotency-Key.
  const operation = useTicketOperation();
  const resendPin = useResendPin();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().lg === true;

  const focusPnr = useCallback(() => pnrRef.current?.focus({ cursor: 'all' }), []);

  const search = (values: TicketLookup) => {
    if (lookup && lookup.pnr === values.pnr && lookup.pin === values.pin) void query.refetch();
    else setLookup({ pnr: values.pnr, pin: values.pin });
  };

  // F2 is "this screen's search" everywhere (lib/keyboard/shortcut-table.ts): here, the PNR field.
  const shortcuts = useScreenShortcuts([
    { id: 'search', run: focusPnr, text: t('shortcuts.search') },
    { id: 'submit', run: () => form.submit(), text: t('shortcuts.submit') },
    {
      id: 'new',
      run: () => {
        setLookup(null);
        form.resetFields();
        focusPnr();
      },
      text: t('shortcuts.new'),
    },
    // Always bound, so Ctrl+P never prints the page: with no ticket (or none this user may print) it does nothing.
    { id: 'print', run: () => panelRef.current?.print(), text: t('shortcuts.print') },
  ]);

  /** A PNR chosen elsewhere (the recent list, a seat of the map): fill it in and ask for the PIN. */
  const pick = useCallback(
    (pnr: string) => {
      form.setFieldsValue({ pnr, pin: '' });
      form.setFields([{ name: 'pin', errors: [] }]);
      pinRef.current?.focus();
    },
    [form],
  );

  // /ticket-operation?pnr=... (the reservation screen's "manage this ticket") starts on that PNR.
  const [params] = useSearchParams();
  const pnrParam = normalisePnr(params.get('pnr') ?? undefined);
  useEffect(() => {
    if (pnrParam) pick(pnrParam);
    else focusPnr();
  }, [pnrParam, pick, focusPnr]);

  /** The old PIN stops working: the agent asks the passenger for the new one. */
  const onResendPin = async () => {
    if (!lookup || resendPin.isPending) return;
    const answer = await resendPin.mutateAsync(lookup.pnr).catch(() => null);
    if (!answer) return;
    notify('success', t('resend.done', { phone: answer.maskedPhone }));
    // Not the reservation: reloading it with the old PIN would only fail.
    void queryClient.invalidateQueries({ queryKey: ticketKeys.history(lookup.pnr) });
    setLookup(null);
    form.setFieldsValue({ pnr: lookup.pnr, pin: '' });
    pinRef.current?.focus();
  };

  const reservation = lookup ? query.data : undefined;
  const recent = (
    <Card title={t('recent.title')} styles={{ body: { paddingTop: 8 } }}>
      <RecentList onPick={pick} />
    </Card>
  );
  // On a phone the ticket comes right under the search; the recent list moves below it.
  const recentBelow = !wide && reservation !== undefined;

  return (
    <>
      <PageTitle>{t('menu:ticketOperation')}</PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <Card title={t('lookup.title')}>
            {/* A refused look-up (wrong PNR or PIN...) is a toast, raised by callApi. */}
            <LookupForm form={form} pnrRef={pnrRef} pinRef={pinRef} searching={query.isLoading} onSearch={search} />
          </Card>
          {!recentBelow && <div style={{ marginTop: 16 }}>{recent}</div>}
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          {reservation && lookup ? (
            <ReservationPanel
              handle={panelRef}
              key={reservation.pnr}
              reservation={reservation}
              lookup={lookup}
              operation={operation}
              resending={resendPin.isPending}
              onResendPin={() => void onResendPin()}
            />
          ) : (
            <Card>{query.isLoading ? <Skeleton active /> : <Empty description={t('empty')} />}</Card>
          )}
          {recentBelow && <div style={{ marginTop: 16 }}>{recent}</div>}
        </Col>
      </Row>
      {shortcuts.help}
    </>
  );
}
