import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HistoryRemark } from '@agent-portal/contract/plain';
import { formatDate } from '../../lib/format';
import { historyRemarkText } from '../../lib/history-remarks';
import { useReservationHistory } from './api/history';
import { useMoney } from './use-money';

interface HistoryItem {
  time: string;
  action: string;
  user: string;
  outlet: string;
  amount: number | null;
  remarks: string | null;
  remark?: HistoryRemark | null;
}

/** The server writes "CANCELLED A1, B2" for a partial cancel: the code, then the seats. */
export function splitAction(action: string): { code: string; seats: string | null } {
  const space = action.indexOf(' ');
  return space < 0 ? { code: action, seats: null } : { code: action.slice(0, space), seats: action.slice(space + 1) };
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
      // The server's own remarks by their code, in the screen's language; a boarding change's stops by `stopName`.
      render: (_, h) => historyRemarkText(h.remark, h.remarks, stopName),
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
