/**
 * The money of a preview, as the server quoted it: per seat fare, discount
 * and net, the totals and, for a sale, what the agent's account is charged.
 * While the quote is asked a note says so; a refused quote says no sale is
 * offered (its reason is the toast callApi raised).
 */
import { Alert, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewQuote } from '../api/fare-quote';
import { useMoney } from '../hooks/use-display';
import type { ReservationKind } from '../model/request';

interface Props {
  kind: ReservationKind;
  quote: PreviewQuote;
  couponCode: string | null;
}

export function PreviewMoney({ kind, quote, couponCode }: Props) {
  const { t } = useTranslation('reservation');
  const money = useMoney();
  const { totals, charge, error } = quote;
  if (quote.loading) return <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('preview.quotingFare')} />;
  if (error) {
    return (
      <Alert
        style={{ marginTop: 12 }}
        type="error"
        showIcon
        role="alert"
        title={t(kind === 'BOOK' ? 'preview.quoteFailedBook' : 'preview.quoteFailed')}
        description={t('preview.quoteFailedHint')}
      />
    );
  }
  if (!totals) return null;
  const summaryRow = (key: string, label: ReactNode, value: ReactNode) => (
    <Table.Summary.Row key={key}>
      <Table.Summary.Cell index={0}>{label}</Table.Summary.Cell>
      <Table.Summary.Cell index={1} colSpan={3} align="right">
        {value}
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
  return (
    <Table
      style={{ marginTop: 12 }}
      size="small"
      pagination={false}
      rowKey="name"
      dataSource={totals.lines}
      columns={[
        { key: 'seat', title: t('common:fields.seat'), dataIndex: 'name' },
        { key: 'fare', title: t('common:fields.fare'), align: 'right', render: (_, l) => money(l.fare) },
        { key: 'discount', title: t('common:fields.discount'), align: 'right', render: (_, l) => money(l.discount) },
        { key: 'net', title: t('preview.net'), align: 'right', render: (_, l) => money(l.net) },
      ]}
      summary={() => (
        <>
          {summaryRow('fare', t('common:fields.fare'), money(totals.fare))}
          {summaryRow(
            'discount',
            `${t('common:fields.discount')}${couponCode ? ` (${couponCode})` : ''}`,
            <span>{money(totals.discount)}</span>,
          )}
          {summaryRow(
            'total',
            <Typography.Text strong>{t('common:fields.total')}</Typography.Text>,
            <Typography.Text strong>{money(totals.total)}</Typography.Text>,
          )}
          {/* A booking is not charged now (its note says so): the charge row belongs to a sale. */}
          {kind !== 'BOOK' &&
            charge !== null &&
            summaryRow('charge', t('preview.charge'), <span>{money(charge)}</span>)}
        </>
      )}
    />
  );
}
