import { UNLIMITED_SEAT_LIMIT, type Profile } from '@agent-portal/contract';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney, formatNumber } from '../../lib/format';

type Row<K extends keyof Profile> = Profile[K] extends readonly (infer R)[] ? R : never;

/** The list sections of the profile: seat limits, routes, commissions, barred coaches and origins. */
export function ProfileTables({ profile, currencySymbol }: { profile: Profile; currencySymbol: string }) {
  const { t } = useTranslation(['profile', 'common']);
  const table = { size: 'small' as const, pagination: false as const, locale: { emptyText: t('empty') } };

  return (
    <>
      <Card title={t('sections.seatLimits')}>
        <Table<Row<'coachSeatLimits'>>
          {...table}
          rowKey="coachType"
          dataSource={profile.coachSeatLimits}
          columns={[
            { title: t('common:fields.coachType'), dataIndex: 'coachType' },
            {
              title: t('fields.seatLimit'),
              dataIndex: 'limit',
              render: (limit: number) => (limit === UNLIMITED_SEAT_LIMIT ? t('common:noLimit') : formatCount(limit)),
            },
          ]}
        />
      </Card>
      <Card title={t('sections.routes')}>
        <Table<Row<'assignedRoutes'>>
          {...table}
          rowKey="id"
          dataSource={profile.assignedRoutes}
          columns={[
            { title: t('fields.routeCode'), dataIndex: 'code' },
            { title: t('common:fields.route'), dataIndex: 'name' },
          ]}
        />
      </Card>
      <Card title={t('sections.commissions')}>
        <Table<Row<'routeCommissions'>>
          {...table}
          rowKey="routeId"
          dataSource={profile.routeCommissions}
          columns={[
            { title: t('common:fields.route'), dataIndex: 'routeName' },
            {
              title: t('common:fields.type'),
              dataIndex: 'type',
              render: (type: string) => t(`commissionTypes.${type}`),
            },
            {
              title: t('fields.commissionValue'),
              key: 'value',
              render: (_, row) =>
                row.type === 'PERCENT' ? `${formatNumber(row.value)} %` : formatMoney(row.value, currencySymbol),
            },
          ]}
        />
      </Card>
      <Card title={t('sections.barredCoaches')}>
        <Table<Row<'barredCoaches'>>
          {...table}
          rowKey="coachCode"
          dataSource={profile.barredCoaches}
          columns={[
            { title: t('common:fields.coachCode'), dataIndex: 'coachCode' },
            {
              title: t('common:fields.reason'),
              dataIndex: 'reason',
              render: (reason: string | null) => reason ?? t('common:notAvailable'),
            },
          ]}
        />
      </Card>
      <Card title={t('sections.barredOrigins')}>
        <Table<Row<'barredOrigins'>>
          {...table}
          rowKey="stationId"
          dataSource={profile.barredOrigins}
          columns={[
            { title: t('fields.station'), dataIndex: 'stationName' },
            { title: t('fields.city'), dataIndex: 'cityName' },
          ]}
        />
      </Card>
    </>
  );
}
