import { PrinterOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Switch, Table, Tag, Typography, type TableProps } from 'antd';
import type { UnprintedTicket } from '@agent-portal/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyHint, keyHintProps } from '../../components/key-hint';
import { PageTitle } from '../../components/page-title';
import { useScreenShortcuts } from '../../components/screen-shortcuts';
import { reasonMessage } from '../../lib/api/error-messages';
import { formatDate, now } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useCompanyId, useMoney, usePageRange, usePagerDigits } from '../../lib/money-hooks';
import { usePrintPreferences } from '../../lib/print-preferences';
import { fetchPrintable, unprintedKeys, useUnprinted } from './api/unprinted';
import { printBatch, type RowOutcome } from './batch';

/** Print unprinted ticket: the agent's sold tickets never printed; print some or all, one by one. */
export function UnprintedTicketPage() {
  const { t } = useTranslation('records');
  const pageRange = usePageRange();
  const pagerDigits = usePagerDigits();
  const money = useMoney();
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const { preferences } = usePrintPreferences();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const [outcomes, setOutcomes] = useState<Record<string, RowOutcome>>({});
  const [summary, setSummary] = useState<{ ok: number; failed: number } | null>(null);
  const [running, setRunning] = useState<{ done: number; total: number } | null>(null);
  const [includeDeparted, setIncludeDeparted] = useState(false);
  const query = useUnprinted(companyId, paging.page, paging.pageSize, includeDeparted);
  const rows = query.data?.items ?? [];

  const run = async (pnrs: string[]) => {
    if (running || pnrs.length === 0) return;
    setSummary(null);
    setRunning({ done: 0, total: pnrs.length });
    const final = await printBatch(pnrs, {
      load: () => fetchPrintable(companyId, pnrs),
      settings: {
        language: currentLanguage(),
        paper: preferences.paper,
        copies: preferences.copies,
        deviceName: preferences.deviceName,
      },
      onProgress: (pnr, outcome) => {
        setOutcomes((o) => ({ ...o, [pnr]: outcome }));
        if (outcome.state !== 'waiting' && outcome.state !== 'printing')
          setRunning((r) => (r ? { ...r, done: r.done + 1 } : r));
      },
    });
    const values = Object.values(final);
    setSummary({
      ok: values.filter((o) => o.state === 'printed' || o.state === 'not-recorded').length,
      failed: values.filter((o) => o.state === 'failed').length,
    });
    setSelected((s) => s.filter((pnr) => final[pnr]?.state === 'failed'));
    setRunning(null);
    await queryClient.invalidateQueries({ queryKey: unprintedKeys.all });
  };

  // The list is this screen's search (F2: its first ticket's tick box, Space ticks it); printing the ticked tickets is
  // its main action and its document, so F9 and Ctrl+P both do it.
  const list = useRef<HTMLDivElement>(null);
  const printTicked = () => void run(selected);
  const shortcuts = useScreenShortcuts([
    {
      id: 'search',
      // A ticket's row only: a scrolling antd table also draws a hidden copy of its header ("Select all") in the body
      // to measure the columns.
      run: () =>
        list.current
          ?.querySelector<HTMLInputElement>('tbody tr.ant-table-row input[type=checkbox]:not([disabled])')
          ?.focus(),
      text: t('shortcuts.firstTicket'),
    },
    { id: 'submit', run: printTicked, text: t('shortcuts.printTicked') },
    { id: 'print', run: printTicked, text: t('shortcuts.printTicked') },
    { id: 'refresh', run: () => void query.refetch(), text: t('shortcuts.refreshList') },
  ]);

  const outcomeCell = (pnr: string) => {
    const outcome = outcomes[pnr];
    if (!outcome) return null;
    switch (outcome.state) {
      case 'waiting':
        return <Tag>{t('unprinted.rowPending')}</Tag>;
      case 'printing':
        return <Tag color="processing">{t('unprinted.rowPrinting')}</Tag>;
      case 'printed':
        return <Tag color="success">{t('unprinted.rowPrinted')}</Tag>;
      case 'not-recorded':
        return <Typography.Text type="warning">{t('unprinted.rowNotRecorded')}</Typography.Text>;
      case 'failed':
        return (
          <Typography.Text type="danger">
            {outcome.reason === 'TICKET_NOT_LOADED'
              ? t('unprinted.errors.TICKET_NOT_LOADED')
              : reasonMessage(outcome.reason)}
          </Typography.Text>
        );
    }
  };

  const columns: TableProps<UnprintedTicket>['columns'] = [
    {
      key: 'pnr',
      dataIndex: 'pnr',
      title: t('common:fields.pnr'),
      render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span>,
    },
    {
      key: 'trip',
      title: t('unprinted.columns.trip'),
      render: (_: unknown, row) => (
        <>
          <div>
            {row.origin} → {row.destination}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[row.coachCode, row.routeName].filter(Boolean).join(' · ')}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'boardingTime',
      title: t('unprinted.columns.boardingTime'),
      render: (_: unknown, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.boardingTime ?? row.tripDate)}
          {row.boardingTime && Date.parse(row.boardingTime) <= now().valueOf() && (
            <Tag style={{ marginInlineStart: 8 }}>{t('unprinted.departed')}</Tag>
          )}
        </span>
      ),
    },
    { key: 'seats', dataIndex: 'seats', title: t('common:fields.seats'), render: (v: string[]) => v.join(', ') },
    {
      key: 'passenger',
      title: t('common:fields.passenger'),
      render: (_: unknown, row) => `${row.passengerName} (${row.passengerPhone})`,
    },
    {
      key: 'totalFare',
      dataIndex: 'totalFare',
      title: t('common:fields.totalFare'),
      align: 'right',
      render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{money(v)}</span>,
    },
    {
      key: 'reservationTime',
      dataIndex: 'reservationTime',
      title: t('unprinted.columns.reservationTime'),
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v)}</span>,
    },
    { key: 'result', title: t('unprinted.columns.result'), render: (_: unknown, row) => outcomeCell(row.pnr) },
  ];

  const actions = (
    <Space wrap>
      <Button
        type="primary"
        icon={<PrinterOutlined aria-hidden />}
        disabled={selected.length === 0 || running !== null}
        loading={running !== null}
        onClick={() => void run(selected)}
        {...keyHintProps('submit')}
      >
        {t('unprinted.printSelected', { count: selected.length })}
        <KeyHint id="submit" />
      </Button>
      <Button
        icon={<PrinterOutlined aria-hidden />}
        disabled={rows.length === 0 || running !== null}
        onClick={() => void run(rows.map((r) => r.pnr))}
      >
        {t('unprinted.printAll')}
      </Button>
      <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        <Switch
          size="small"
          checked={includeDeparted}
          disabled={running !== null}
          onChange={(checked) => {
            setIncludeDeparted(checked);
            setSelected([]);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        {t('unprinted.includeDeparted')}
      </label>
    </Space>
  );

  return (
    <>
      <PageTitle>{t('menu:printUnprintedTicket')}</PageTitle>
      <Card>
        <div style={{ marginBottom: 12 }}>{actions}</div>
        {running && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('unprinted.printing', { done: running.done, total: running.total })}
          />
        )}
        {summary && (
          <Alert
            type={summary.failed > 0 ? 'warning' : 'success'}
            showIcon
            closable
            style={{ marginBottom: 12 }}
            title={t('unprinted.summary', summary)}
            onClose={() => setSummary(null)}
          />
        )}
        <div ref={list}>
          <Table<UnprintedTicket>
            aria-label={t('unprinted.title')}
            rowKey="pnr"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={query.isFetching && !running}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('unprinted.allPrinted') }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(String)),
              getCheckboxProps: (row) => ({ disabled: running !== null, 'aria-label': row.pnr }),
            }}
            onChange={(pagination) => setPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? 20 })}
            pagination={{
              current: paging.page,
              pageSize: paging.pageSize,
              total: query.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: pageRange,
              ...pagerDigits,
            }}
          />
        </div>
      </Card>
      {shortcuts.help}
    </>
  );
}
