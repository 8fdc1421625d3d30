import notification from 'antd/es/notification';
import { useEffect } from 'react';
import { bindNotifications } from '../lib/notify/notifier';
import { NOTIFICATION_CONFIG } from '../lib/notify/policy';

/**
 * Holds antd's notifications inside the providers (themed, localised) and
 * hands the instance to code outside React. Loaded lazily: the sign-in route
 * shows its errors inline and need not pay for it up front.
 */
export default function NotificationHost() {
  const [api, holder] = notification.useNotification(NOTIFICATION_CONFIG);
  useEffect(() => {
    bindNotifications(api);
    return () => bindNotifications(null);
  }, [api]);
  return holder;
}
