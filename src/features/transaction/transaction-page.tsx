import { FileExcelOutlined, FileTextOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Statistic } from 'antd';
import type { TransactionSearchRequest } from '@agent-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { useCompanyId, useMoney } from '../../lib/money-hooks';
import { useTransactions } from './api/transactions';
import { defaultFilter, type TransactionFilter } from './model/filters';
import { TransactionFilters } from './transaction-filters';
import { TransactionTable } from './transaction-table';
import { useTransactionFiles } from './use-transaction-files';

const TOTALS = ['openingBalance', 'credit', 'debit', 'closingBalance'] as const;

/** Transactions: the ledger of the agent under this company. */
export function TransactionPage() {
  const { t } = useTranslation('records');
  const money = useMoney();
  const companyId = useCompanyId();
  const [filter, setFilter] = useState<TransactionFilter>(() => defaultFilter());
  const [paging, setPaging] = useState<{ page: number; pageSize: number; sort: 'dateTime,desc' | 'dateTime,asc' }>({
    page: 1,
    pageSize: 20,
    sort: 'dateTime,desc',
  });
  const request: TransactionSearchRequest = { companyId, ...filter, ...paging };
  const query = useTransactions(request);
  const files = useTransactionFiles({ companyId, ...filter, sort: paging.sort });
  const totals = query.data?.totals;

  const actions = (
    <Space wrap>
      <Button
        icon={<FileTextOutlined aria-hidden />}
        loading={files.busy === 'csv'}
        disabled={files.busy !== null}
        onClick={() => void files.run('csv')}
      >
        {t('transaction.exportCsv')}
      </Button>
      <Button
        icon={<FileExcelOutlined aria-hidden />}
        loading={files.busy === 'xlsx'}
        disabled={files.busy !== null}
        onClick={() => void files.run('xlsx')}
      >
        {t('transaction.exportXlsx')}
      </Button>
      <Button
        icon={<PrinterOutlined aria-hidden />}
        loading={files.busy === 'print'}
        disabled={files.busy !== null}
        onClick={() => void files.run('print')}
      >
        {t('common:actions.print')}
      </Button>
    </Space>
  );

  return (
    <>
      <PageTitle>{t('menu:transaction')}</PageTitle>
      <Card>
        <TransactionFilters
          busy={query.isFetching}
          onSearch={(next) => {
            // The same filter again asks the server again: new rows may have been posted since.
            if (JSON.stringify(next) === JSON.stringify(filter) && paging.page === 1) void query.refetch();
            setFilter(next);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>{actions}</div>
        <Row gutter={[16, 8]} style={{ marginBottom: 16 }}>
          {TOTALS.map((key) => (
            <Col key={key} xs={12} md={6}>
              <Statistic
                role="group"
                aria-label={t(`transaction.totals.${key}`)}
                title={t(`transaction.totals.${key}`)}
                value={totals ? money(totals[key]) : '—'}
                styles={{ content: { fontSize: 18 } }}
              />
            </Col>
          ))}
        </Row>
        <TransactionTable
          rows={query.data?.items ?? []}
          total={query.data?.total ?? 0}
          page={paging.page}
          pageSize={paging.pageSize}
          sort={paging.sort}
          loading={query.isFetching}
          onChange={setPaging}
        />
      </Card>
    </>
  );
}
