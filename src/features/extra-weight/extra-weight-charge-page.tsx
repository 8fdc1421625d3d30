import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Result, Row, Space } from 'antd';
import type { ExtraWeightCharge } from '@agent-portal/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyHint, keyHintProps } from '../../components/key-hint';
import { PageTitle } from '../../components/page-title';
import { useScreenShortcuts } from '../../components/screen-shortcuts';
import { useChargesOf, useTicket, type TicketLookup } from './api/extra-weight';
import { ChargeDetails } from './charge-details';
import { ChargeForm, type ChargeFormHandle } from './charge-form';
import { ChargesTable } from './charges-table';
import { TicketLookupForm, type TicketLookupHandle } from './ticket-lookup';
import { TicketSummary } from './ticket-summary';
import { usePrintReceipt } from './use-print-receipt';

const SOLD = 1;

/** Extra weight charge: find the sold ticket, charge the baggage after a review, print the receipt. */
export function ExtraWeightChargePage() {
  const { t } = useTranslation('records');
  const [lookup, setLookup] = useState<TicketLookup | null>(null);
  const [charged, setCharged] = useState<ExtraWeightCharge | null>(null);
  const ticket = useTicket(lookup);
  const reservation = lookup ? ticket.data : undefined;
  const charges = useChargesOf(reservation?.pnr ?? null);
  const receipt = usePrintReceipt();

  const printReceipt = (charge: ExtraWeightCharge) =>
    void receipt.print(charge, charge.printCount > 0 ? 'REPRINT' : 'ORIGINAL').then((printed) => {
      if (printed) setCharged((c) => (c && c.pnr === charge.pnr ? { ...c, printCount: c.printCount + 1 } : c));
    });

  const find = useRef<TicketLookupHandle>(null);
  const chargeForm = useRef<ChargeFormHandle>(null);
  const reviewing = () => chargeForm.current?.reviewing === true;
  /** F9: a PNR or PIN other than the ticket's on screen is looked up; else the charge goes one step on. */
  const next = () => {
    const typed = find.current?.values();
    const sameTicket = lookup !== null && typed?.pnr === lookup.pnr && typed.pin === lookup.pin;
    if (sameTicket && chargeForm.current) chargeForm.current.next();
    else if (!reviewing()) find.current?.submit();
  };
  const shortcuts = useScreenShortcuts([
    { id: 'search', run: () => !reviewing() && find.current?.focus(), text: t('shortcuts.ticketPnr') },
    { id: 'submit', run: next, text: t('shortcuts.findOrCharge') },
    {
      id: 'new',
      run: () => {
        if (reviewing()) return;
        setLookup(null);
        setCharged(null);
        find.current?.reset();
      },
      text: t('shortcuts.newLookup'),
    },
    {
      id: 'print',
      run: () => charged && !receipt.printing && printReceipt(charged),
      text: t('shortcuts.printReceipt'),
    },
  ]);

  return (
    <>
      <PageTitle>{t('menu:extraWeightCharge')}</PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <Card title={t('extraWeight.findTitle')}>
            <TicketLookupForm
              handle={find}
              searching={ticket.isFetching}
              onSearch={(next) => {
                setCharged(null);
                if (lookup?.pnr === next.pnr && lookup.pin === next.pin) void ticket.refetch();
                else setLookup(next);
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          {!reservation ? (
            <Card>
              <Empty description={t('extraWeight.findTitle')} />
            </Card>
          ) : (
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <Card title={t('extraWeight.ticketTitle')}>
                <TicketSummary reservation={reservation} />
              </Card>
              {charged ? (
                <Card role="region" aria-label={t('extraWeight.charged', { pnr: charged.pnr })}>
                  <Result
                    status="success"
                    title={t('extraWeight.charged', { pnr: charged.pnr })}
                    style={{ padding: '8px 0 16px' }}
                    extra={
                      <Space wrap>
                        <Button
                          type="primary"
                          icon={<PrinterOutlined aria-hidden />}
                          loading={receipt.printing}
                          onClick={() => printReceipt(charged)}
                          // Charged: the receipt is what comes next, so Enter prints it.
                          autoFocus
                          {...keyHintProps('print')}
                        >
                          {charged.printCount > 0 ? t('extraWeight.reprint') : t('extraWeight.printReceipt')}
                          <KeyHint id="print" />
                        </Button>
                        <Button onClick={() => setCharged(null)}>{t('extraWeight.chargeTitle')}</Button>
                      </Space>
                    }
                  />
                  <ChargeDetails charge={charged} />
                </Card>
              ) : (
                <Card title={t('extraWeight.chargeTitle')}>
                  {reservation.status === SOLD ? (
                    <ChargeForm handle={chargeForm} reservation={reservation} onCharged={setCharged} />
                  ) : (
                    <Alert type="warning" showIcon title={t('extraWeight.notSold')} />
                  )}
                </Card>
              )}
              <Card title={t('extraWeight.chargesTitle')}>
                <ChargesTable
                  charges={charges.data?.items ?? []}
                  loading={charges.isFetching}
                  printing={receipt.printing}
                  onPrint={(row) => {
                    printReceipt(row);
                  }}
                />
              </Card>
            </Space>
          )}
        </Col>
      </Row>
      {shortcuts.help}
    </>
  );
}
