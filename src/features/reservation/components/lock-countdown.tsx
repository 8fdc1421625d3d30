/**
 * How long the held seats stay held; turns red in the last minute. Its own
 * component, so the one-second tick re-renders this tag and nothing else.
 */
import { ClockCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RENEW_BEFORE_SECONDS, useLockCountdown } from '../hooks/use-lock-countdown';
import { formatMinutesSeconds } from '../../../lib/format';
import { toLanguage } from '../seat-map/format-number';

interface Props {
  renew: () => Promise<void>;
  onLapsed: () => void;
}

export function LockCountdown({ renew, onLapsed }: Props) {
  const { t, i18n } = useTranslation('reservation');
  const seconds = useLockCountdown({ renew, onLapsed });
  if (seconds === null) return null;
  const language = toLanguage(i18n.language);
  const text = formatMinutesSeconds(seconds, language);
  return (
    <Tag color={seconds <= RENEW_BEFORE_SECONDS ? 'red' : 'blue'} icon={<ClockCircleOutlined />} role="timer">
      {t('details.lockExpires', { time: text })}
    </Tag>
  );
}
