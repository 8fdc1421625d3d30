import { Button, Empty, Flex, List, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useRecentReservations } from './api/recent';
import { ReservationStatusTag } from '../../components/reservation-status-tag';

/**
 * The agent's latest reservations. Picking one fills its PNR only: the
 * server never gives a PIN back, the passenger has to tell it.
 */
export function RecentList({ onPick }: { onPick: (pnr: string) => void }) {
  const { t } = useTranslation('ticket-operation');
  const { data, isLoading, isError } = useRecentReservations();
  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError) return <Typography.Text type="secondary">{t('recent.unavailable')}</Typography.Text>;
  if (!data?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recent.empty')} />;
  return (
    <List
      size="small"
      dataSource={data}
      rowKey="pnr"
      renderItem={(r) => (
        <List.Item style={{ paddingInline: 0 }}>
          <Button
            type="text"
            block
            onClick={() => onPick(r.pnr)}
            aria-label={t('recent.pick', { pnr: r.pnr })}
            style={{ height: 'auto', padding: '4px 8px', textAlign: 'start' }}
          >
            <Flex vertical style={{ width: '100%' }}>
              <Space size={8} wrap>
                <Typography.Text strong style={{ fontFamily: 'monospace' }}>
                  {r.pnr}
                </Typography.Text>
                <ReservationStatusTag status={r.status} />
              </Space>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                {[r.coachCode, formatDate(r.boardingTime ?? r.reservationTime, 'dateTime'), r.passenger.name]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Text>
            </Flex>
          </Button>
        </List.Item>
      )}
    />
  );
}
