import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useReservationHistory } from './api/history';
import { useMoney } from './use-money';

interface HistoryItem {
  time: string;
  action: string;
  user: string;
  outlet: string;
  amount: number | null;
  remarks: string | null;
}

/** The server writes "CANCELLED A1, B2" for a partial cancel: the code, then the seats. */
export function splitAction(action: string): { code: string; seats: string | null } {
  const space = action.indexOf(' ');
  return space < 0 ? { code: action, seats: null } : { code: action.slice(0, space), seats: action.slice(space + 1) };
}

/**
 * "until <instant>" of an extension reads better as the company's wall time, like every other time.
 * "<stop> → <stop>" of a boarding change names each stop in the screen's language when `stopName` knows it.
 */
function remarksText(remarks: string | null, code: string, stopName?: (name: string) => string): string {
  if (!remarks) return '';
  const moved = code === 'BOARDING_CHANGED' && stopName ? /^(.+) → (.+)$/.exec(remarks) : null;
  if (moved?.[1] && moved[2] && stopName) return `${stopName(moved[1])} → ${stopName(moved[2])}`;
  const until = /^until (\S+)$/.exec(remarks);
  return until?.[1] ? formatDate(until[1], 'dateTime') : remarks;
}

/**
 * What happened to the reservation, oldest first. `stopName`: a stop's name
 * (as the server writes it) in the screen's language.
 */
export function HistoryTable({ pnr, stopName }: { pnr: string; stopName?: (name: string) => string }) {
  const { t } = useTranslation('ticket-operation');
  const money = useMoney();
  // A failed load was toasted (callApi); the table only says it has nothing to show.
  const { data, isLoading, isError } = useReservationHistory(pnr);

  const actionText = (action: string) => {
    const { code, seats } = splitAction(action);
    const name = t(`history.actions.${code}`, { defaultValue: code });
    return seats ? `${name}: ${seats}` : name;
  };
  const columns: TableColumnsType<HistoryItem> = [
    { key: 'time', title: t('history.time'), render: (_, h) => formatDate(h.time, 'dateTime') },
    { key: 'action', title: t('common:fields.action'), render: (_, h) => actionText(h.action) },
    { key: 'user', title: t('common:fields.user'), dataIndex: 'user', responsive: ['md'] },
    { key: 'outlet', title: t('common:fields.outlet'), dataIndex: 'outlet', responsive: ['md'] },
    {
      key: 'amount',
      title: t('common:fields.amount'),
      align: 'right',
      render: (_, h) => (h.amount === null ? '' : money(h.amount)),
    },
    {
      key: 'remarks',
      title: t('common:fields.remarks'),
      responsive: ['md'],
      render: (_, h) => remarksText(h.remarks, splitAction(h.action).code, stopName),
    },
  ];
  return (
    <Table<HistoryItem>
      size="small"
      aria-label={t('history.title')}
      loading={isLoading}
      rowKey={(h) => `${h.time}-${h.action}`}
      columns={columns}
      dataSource={data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t(isError ? 'history.unavailable' : 'history.empty') }}
    />
  );
}
