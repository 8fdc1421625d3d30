import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Row, Select, Space, Statistic, Table, Tag, type TableProps } from 'antd';
import { accountApi, type Commission, type CommissionListRequest } from '@agent-portal/contract';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeItems } from '../../components/date-range-items';
import { KeyHint, keyHintProps } from '../../components/key-hint';
import { PageTitle } from '../../components/page-title';
import { useScreenShortcuts } from '../../components/screen-shortcuts';
import { focusFirstField, useFormElement } from '../../lib/keyboard/focus-first';
import { callApi } from '../../lib/api/call-api';
import { calendarDay, formatDate, formatMoney, toInputDate } from '../../lib/format';
import { useCompanyId, useMoney, usePageRange, usePagerDigits } from '../../lib/money-hooks';
import { enterSubmits } from '../../components/enter-submits';

type Filter = Pick<CommissionListRequest, 'startDate' | 'endDate' | 'paid'>;
type Paging = { page: number; pageSize: number; sort: 'dateTime,desc' | 'dateTime,asc' };
interface Values {
  startDate: Dayjs;
  endDate: Dayjs;
  paid?: 'paid' | 'unpaid';
}

/** This month to today, in the company's calendar. */
const initialValues = (): Values => ({ startDate: calendarDay().startOf('month'), endDate: calendarDay() });

function useCommissions(request: CommissionListRequest) {
  return useQuery({
    queryKey: ['commission', 'list', request],
    queryFn: ({ signal }) => callApi(accountApi.commissionList, { body: request, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Commissions: earned and reversed per reservation, paid or not. */
export function CommissionPage() {
  const { t } = useTranslation('records');
  const pageRange = usePageRange();
  const pagerDigits = usePagerDigits();
  const money = useMoney();
  const companyId = useCompanyId();
  const [form] = Form.useForm<Values>();
  const [filter, setFilter] = useState<Filter>(() => ({
    startDate: toInputDate(initialValues().startDate),
    endDate: toInputDate(initialValues().endDate),
  }));
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 20, sort: 'dateTime,desc' });
  const query = useCommissions({ companyId, ...filter, ...paging });

  const rate = (row: Commission) => {
    if (row.rate === null) return '';
    return row.commissionType === 'FIXED'
      ? t('commission.perSeat', { amount: money(row.rate) })
      : `${formatMoney(row.rate).replace(/[.,][0০]{2}$/, '')}%`;
  };

  const columns: TableProps<Commission>['columns'] = [
    {
      key: 'dateTime',
      dataIndex: 'dateTime',
      title: t('commission.columns.dateTime'),
      sorter: true,
      sortOrder: paging.sort === 'dateTime,asc' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v)}</span>,
    },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('common:fields.type'),
      render: (v: Commission['type']) => <Tag color={v === 'CREDIT' ? 'green' : 'volcano'}>{t(`types.${v}`)}</Tag>,
    },
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('common:fields.reason'),
      render: (v: Commission['reason']) => t(`commission.reasons.${v}`),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('common:fields.amount'),
      align: 'right',
      render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{money(v)}</span>,
    },
    { key: 'rate', title: t('commission.columns.rate'), align: 'right', render: (_: unknown, row) => rate(row) },
    {
      key: 'referenceNo',
      dataIndex: 'referenceNo',
      title: t('commission.columns.referenceNo'),
      render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span>,
    },
    {
      key: 'paid',
      dataIndex: 'paid',
      title: t('commission.columns.paid'),
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('common:yes') : t('common:no')}</Tag>,
    },
    {
      key: 'payTime',
      dataIndex: 'payTime',
      title: t('commission.columns.payTime'),
      render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v)}</span>,
    },
    {
      key: 'employee',
      dataIndex: 'employee',
      title: t('commission.columns.employee'),
      render: (v: string | null) => v ?? '',
    },
  ];

  const search = (values: Values) => {
    const next = {
      startDate: toInputDate(values.startDate),
      endDate: toInputDate(values.endDate),
      paid: values.paid === undefined ? undefined : values.paid === 'paid',
    };
    if (JSON.stringify(next) === JSON.stringify(filter) && paging.page === 1) void query.refetch();
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const totals = query.data?.totals;
  const formElement = useFormElement();
  const reset = () => {
    form.resetFields();
    form.submit();
  };
  // The table's meanings (lib/keyboard/shortcut-table.ts); no print here: Ctrl+P is left to the browser.
  const shortcuts = useScreenShortcuts([
    { id: 'search', run: () => focusFirstField(formElement.element.current), text: t('shortcuts.filters') },
    { id: 'submit', run: () => form.submit(), text: t('shortcuts.searchList') },
    { id: 'new', run: reset, text: t('shortcuts.resetFilters') },
    { id: 'refresh', run: () => void query.refetch(), text: t('shortcuts.refreshList') },
  ]);

  return (
    <>
      <PageTitle>{t('menu:commission')}</PageTitle>
      <Card>
        <Form<Values>
          ref={formElement.ref}
          form={form}
          layout="inline"
          initialValues={initialValues()}
          onFinish={search}
          aria-label={t('filters.title')}
          // Enter on a closed select searches too, as it does in the date fields (components/enter-submits.ts).
          onKeyDownCapture={enterSubmits(() => form.submit())}
          style={{ rowGap: 8, marginBottom: 16 }}
        >
          <DateRangeItems
            labels={{
              start: t('filters.startDate'),
              end: t('filters.endDate'),
            }}
          />
          <Form.Item name="paid" label={t('commission.paid')}>
            <Select
              allowClear
              placeholder={t('commission.anyPaid')}
              style={{ width: 160 }}
              options={[
                { value: 'paid', label: t('commission.onlyPaid') },
                { value: 'unpaid', label: t('commission.onlyUnpaid') },
              ]}
            />
          </Form.Item>
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined aria-hidden />}
              loading={query.isFetching}
              {...keyHintProps('submit')}
            >
              {t('common:actions.search')}
              <KeyHint id="submit" />
            </Button>
            <Button onClick={reset} {...keyHintProps('new')}>
              {t('filters.reset')}
              <KeyHint id="new" />
            </Button>
          </Space>
        </Form>
        <Row gutter={[16, 8]} style={{ marginBottom: 16 }}>
          {(['paid', 'unpaid'] as const).map((key) => (
            <Col key={key} xs={12} md={6}>
              <Statistic
                title={t(`commission.totals.${key}`)}
                value={totals ? money(totals[key]) : '—'}
                styles={{ content: { fontSize: 18 } }}
              />
            </Col>
          ))}
        </Row>
        <Table<Commission>
          rowKey={(row) => `${row.referenceNo}-${row.dateTime}-${row.type}-${row.amount}`}
          size="small"
          columns={columns}
          dataSource={query.data?.items ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('table.empty') }}
          onChange={(pagination, _f, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            setPaging({
              page: pagination.current ?? 1,
              pageSize: pagination.pageSize ?? 20,
              sort: one?.order === 'ascend' ? 'dateTime,asc' : 'dateTime,desc',
            });
          }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: pageRange,
            ...pagerDigits,
          }}
        />
      </Card>
      {shortcuts.help}
    </>
  );
}
