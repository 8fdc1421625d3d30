/**
 * How long the held seats stay held; turns red in the last minute. Its own
 * component, so the one-second tick re-renders this tag and nothing else.
 */
import { ClockCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RENEW_BEFORE_SECONDS, useLockCountdown } from '../hooks/use-lock-countdown';
import { formatCount, toLanguage } from '../seat-map/format-number';

interface Props {
  renew: () => Promise<void>;
  onLapsed: () => void;
}

export function LockCountdown({ renew, onLapsed }: Props) {
  const { t, i18n } = useTranslation('reservation');
  const seconds = useLockCountdown({ renew, onLapsed });
  if (seconds === null) return null;
  const language = toLanguage(i18n.language);
  const text = `${formatCount(Math.floor(seconds / 60), language)}:${formatCount(Math.floor((seconds % 60) / 10), language)}${formatCount(seconds % 10, language)}`;
  return (
    <Tag color={seconds <= RENEW_BEFORE_SECONDS ? 'red' : 'blue'} icon={<ClockCircleOutlined />} role="timer">
      {t('details.lockExpires', { time: text })}
    </Tag>
  );
}
