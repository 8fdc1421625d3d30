/** How long the held seats stay held; turns red in the last minute. */
import { ClockCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RENEW_BEFORE_SECONDS } from '../hooks/use-lock-countdown';

export function LockCountdown({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation('reservation');
  if (seconds === null) return null;
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <Tag data-testid="lock-countdown" color={seconds <= RENEW_BEFORE_SECONDS ? 'red' : 'blue'} icon={<ClockCircleOutlined />} role="timer">
      {t('details.lockExpires', { time: text })}
    </Tag>
  );
}
