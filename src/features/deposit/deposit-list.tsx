import { PrinterOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Table, Tag, type TableProps } from 'antd';
import { DEPOSIT_STATUSES, type Deposit, type DepositListRequest, type DepositStatus } from '@agent-portal/contract';
import type { Dayjs } from 'dayjs';
import { useImperativeHandle, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeItems } from '../../components/date-range-items';
import { formatDate, toInputDate } from '../../lib/format';
import { focusFirstField, useFormElement } from '../../lib/keyboard/focus-first';
import { useCompanyId, useMoney, usePageRange, usePagerDigits } from '../../lib/money-hooks';
import { useDepositList } from './api/deposit';
import { usePrintDepositReceipt } from './use-print-deposit-receipt';

const STATUS_COLOURS: Record<DepositStatus, string> = { PENDING: 'gold', APPROVED: 'green', REJECTED: 'red' };

interface FilterValues {
  transactionId?: string;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  status?: DepositStatus;
}

type Filter = Omit<DepositListRequest, 'companyId' | 'page' | 'pageSize'>;

function toFilter(values: FilterValues): Filter {
  return {
    transactionId: values.transactionId?.trim() || undefined,
    startDate: values.startDate ? toInputDate(values.startDate) : undefined,
    endDate: values.endDate ? toInputDate(values.endDate) : undefined,
    status: values.status,
  };
}

export function DepositStatusTag({ status }: { status: DepositStatus }) {
  const { t } = useTranslation('records');
  return <Tag color={STATUS_COLOURS[status]}>{t(`deposit.statuses.${status}`)}</Tag>;
}

/** What the deposit screen's keys reach in the list: F2 goes to its first filter, Alt+R asks the server again. */
export interface DepositListHandle {
  focusFilter: () => void;
  refresh: () => void;
}

/** The agent's deposit requests: filters, status tags, voucher numbers and receipts, paged and sorted on the server. */
export function DepositList({ handle }: { handle?: Ref<DepositListHandle> }) {
  const { t } = useTranslation('records');
  const pageRange = usePageRange();
  const pagerDigits = usePagerDigits();
  const money = useMoney();
  const companyId = useCompanyId();
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<Filter>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20, sort: 'dateTime,desc' as DepositListRequest['sort'] });
  const query = useDepositList({ companyId, ...filter, ...paging });
  const receipt = usePrintDepositReceipt();
  const formElement = useFormElement();
  const refetch = query.refetch;
  useImperativeHandle(
    handle,
    () => ({
      focusFilter: () => focusFirstField(formElement.element.current),
      refresh: () => void refetch(),
    }),
    [formElement.element, refetch],
  );

  const columns: TableProps<Deposit>['columns'] = [
    {
      key: 'transactionId',
      dataIndex: 'transactionId',
      title: t('deposit.columns.transactionId'),
      render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span>,
    },
    {
      key: 'voucherNo',
      dataIndex: 'voucherNo',
      title: t('deposit.columns.voucherNo'),
      render: (v: string | null) => <span style={{ fontFamily: 'monospace' }}>{v ?? ''}</span>,
    },
    {
      key: 'dateTime',
      dataIndex: 'dateTime',
      title: t('deposit.columns.dateTime'),
      sorter: true,
      sortOrder: paging.sort === 'dateTime,asc' ? 'ascend' : paging.sort === 'dateTime,desc' ? 'descend' : null,
      render: (v: string) => formatDate(v),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('common:fields.amount'),
      align: 'right',
      sorter: true,
      sortOrder: paging.sort === 'amount,asc' ? 'ascend' : paging.sort === 'amount,desc' ? 'descend' : null,
      render: (v: number) => money(v),
    },
    { key: 'referenceNumber', dataIndex: 'referenceNumber', title: t('deposit.columns.referenceNumber') },
    { key: 'user', dataIndex: 'user', title: t('common:fields.user') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('common:fields.status'),
      render: (v: DepositStatus) => <DepositStatusTag status={v} />,
    },
    {
      key: 'decisionTime',
      dataIndex: 'decisionTime',
      title: t('deposit.columns.decisionTime'),
      render: (v: string | null) => formatDate(v),
    },
    {
      key: 'employee',
      dataIndex: 'employee',
      title: t('deposit.columns.employee'),
      render: (v: string | null) => v ?? '',
    },
    {
      key: 'receipt',
      title: t('deposit.columns.receipt'),
      render: (_: unknown, deposit: Deposit) => (
        <Button
          size="small"
          icon={<PrinterOutlined aria-hidden />}
          aria-label={t('deposit.receipt.printFor', { id: deposit.transactionId })}
          loading={receipt.printing === deposit.transactionId}
          disabled={receipt.printing !== null}
          onClick={() => void receipt.print(deposit)}
        >
          {t('common:actions.print')}
        </Button>
      ),
    },
  ];

  const onChange: TableProps<Deposit>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? String(one.columnKey ?? 'dateTime') : 'dateTime';
    const direction = one?.order === 'ascend' ? 'asc' : 'desc';
    setPaging({
      page: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? 20,
      sort: `${field === 'amount' ? 'amount' : 'dateTime'},${direction}` as DepositListRequest['sort'],
    });
  };

  return (
    <>
      <Form
        ref={formElement.ref}
        form={form}
        layout="inline"
        onFinish={(values) => {
          const next = toFilter(values);
          // Searching again with the same filter asks the server again (an operator may have decided since).
          if (JSON.stringify(next) === JSON.stringify(filter) && paging.page === 1) void query.refetch();
          setFilter(next);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        aria-label={t('filters.title')}
        style={{ rowGap: 8, marginBottom: 16 }}
      >
        <Form.Item name="transactionId" label={t('filters.transactionId')}>
          <Input allowClear autoComplete="off" style={{ width: 150 }} />
        </Form.Item>
        <DateRangeItems
          required={false}
          labels={{
            start: t('filters.startDate'),
            end: t('filters.endDate'),
          }}
        />
        <Form.Item name="status" label={t('common:fields.status')}>
          <Select
            allowClear
            placeholder={t('common:filters.anyStatus')}
            style={{ width: 150 }}
            options={DEPOSIT_STATUSES.map((s) => ({ value: s, label: t(`deposit.statuses.${s}`) }))}
          />
        </Form.Item>
        <Space>
          {/* Locked while the list loads: a second click would only queue the same search again. */}
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined aria-hidden />}
            loading={query.isFetching}
            disabled={query.isFetching}
          >
            {t('common:actions.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilter({});
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          >
            {t('filters.reset')}
          </Button>
        </Space>
      </Form>
      <Table<Deposit>
        aria-label={t('deposit.listTitle')}
        rowKey="transactionId"
        size="small"
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('table.empty') }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: pageRange,
          ...pagerDigits,
        }}
      />
    </>
  );
}
