import { ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../lib/format';
import { notifyApiError } from '../lib/notify/notifier';
import { headlineAmount, useAccount, usePlanLabel } from '../lib/queries/account';
import { toApiError } from '../lib/api/api-error';

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** The plan and the balance (prepaid) or bill (other plans) of the current company, with a refresh. */
export function AccountChip({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { data: account, isFetching, isError, refetch } = useAccount();
  const planLabel = usePlanLabel();

  const refresh = async () => {
    const result = await refetch();
    if (result.error) {
      // The look-up is silent (the chip shows its own state while loading); a refresh the agent asked for says why it
      // failed.
      notifyApiError(toApiError(result.error));
    }
  };

  const headline = account ? headlineAmount(account) : null;
  return (
    <div role="status" aria-label={t('account.label')} style={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
      <Space size={4}>
        {account && headline ? (
          <>
            {compact ? (
              // Narrow screens show the amount only; the plan and label stay for screen readers.
              <span style={VISUALLY_HIDDEN}>{`${planLabel(account.plan)} ${t(`account.${headline.kind}`)}: `}</span>
            ) : (
              <Tag color={headline.kind === 'balance' ? 'green' : 'orange'} style={{ marginInlineEnd: 0 }}>
                {planLabel(account.plan)}
              </Tag>
            )}
            <Typography.Text strong>
              {compact ? null : `${t(`account.${headline.kind}`)}: `}
              {formatMoney(headline.amount, account.currency.symbol)}
            </Typography.Text>
          </>
        ) : (
          isError && <Typography.Text type="secondary">{t('account.unavailable')}</Typography.Text>
        )}
        <Tooltip title={t('account.refresh')}>
          <Button
            type="text"
            size="small"
            aria-label={t('account.refresh')}
            icon={<ReloadOutlined spin={isFetching} />}
            onClick={() => void refresh()}
          />
        </Tooltip>
      </Space>
    </div>
  );
}
