import { FileExcelOutlined, FileTextOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Statistic } from 'antd';
import type { TransactionSearchRequest } from '@agent-portal/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyHint, keyHintProps } from '../../components/key-hint';
import { PageTitle } from '../../components/page-title';
import { useScreenShortcuts } from '../../components/screen-shortcuts';
import { useCompanyId, useMoney } from '../../lib/money-hooks';
import { useTransactions } from './api/transactions';
import { defaultFilter, type TransactionFilter } from './model/filters';
import { TransactionFilters, type FiltersHandle } from './transaction-filters';
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
  const filters = useRef<FiltersHandle>(null);
  // The table's meanings (lib/keyboard/shortcut-table.ts): Ctrl+S the spreadsheet, Ctrl+Shift+S the other file (CSV).
  const shortcuts = useScreenShortcuts([
    { id: 'search', run: () => filters.current?.focus(), text: t('shortcuts.filters') },
    { id: 'submit', run: () => filters.current?.submit(), text: t('shortcuts.searchList') },
    { id: 'new', run: () => filters.current?.reset(), text: t('shortcuts.resetFilters') },
    { id: 'refresh', run: () => void query.refetch(), text: t('shortcuts.refreshList') },
    { id: 'exportSheet', run: () => void files.run('xlsx') },
    { id: 'exportFile', run: () => void files.run('csv'), text: t('shortcuts.downloadCsv') },
    { id: 'print', run: () => void files.run('print'), text: t('shortcuts.printList') },
  ]);

  const actions = (
    <Space wrap>
      <Button
        icon={<FileTextOutlined aria-hidden />}
        loading={files.busy === 'csv'}
        disabled={files.busy !== null}
        onClick={() => void files.run('csv')}
        {...keyHintProps('exportFile')}
      >
        {t('transaction.exportCsv')}
        <KeyHint id="exportFile" />
      </Button>
      <Button
        icon={<FileExcelOutlined aria-hidden />}
        loading={files.busy === 'xlsx'}
        disabled={files.busy !== null}
        onClick={() => void files.run('xlsx')}
        {...keyHintProps('exportSheet')}
      >
        {t('transaction.exportXlsx')}
        <KeyHint id="exportSheet" />
      </Button>
      <Button
        icon={<PrinterOutlined aria-hidden />}
        loading={files.busy === 'print'}
        disabled={files.busy !== null}
        onClick={() => void files.run('print')}
        {...keyHintProps('print')}
      >
        {t('common:actions.print')}
        <KeyHint id="print" />
      </Button>
    </Space>
  );

  return (
    <>
      <PageTitle>{t('menu:transaction')}</PageTitle>
      <Card>
        <TransactionFilters
          handle={filters}
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
      {shortcuts.help}
    </>
  );
}
