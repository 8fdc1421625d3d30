import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Result, Row, Space } from 'antd';
import type { ExtraWeightCharge } from '@agent-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { useChargesOf, useTicket, type TicketLookup } from './api/extra-weight';
import { ChargeDetails } from './charge-details';
import { ChargeForm } from './charge-form';
import { ChargesTable } from './charges-table';
import { TicketLookupForm } from './ticket-lookup';
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

  return (
    <>
      <PageTitle>{t('menu:extraWeightCharge')}</PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <Card title={t('extraWeight.findTitle')}>
            <TicketLookupForm
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
                        >
                          {charged.printCount > 0 ? t('extraWeight.reprint') : t('extraWeight.printReceipt')}
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
                    <ChargeForm reservation={reservation} onCharged={setCharged} />
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
    </>
  );
}
