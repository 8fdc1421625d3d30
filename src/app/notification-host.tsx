import notification from 'antd/es/notification';
import { useEffect } from 'react';
import { bindNotifications } from '../lib/notify/notifier';
import { NOTIFICATION_CONFIG } from '../lib/notify/policy';
import { AntdScope } from './antd-scope';

/**
 * Holds antd's notifications inside antd's configuration (themed, localised)
 * and hands the instance to code outside React. Loaded lazily, so the sign-in
 * route does not pay for it up front; a toast raised before it is ready waits.
 */
function Holder() {
  const [api, holder] = notification.useNotification(NOTIFICATION_CONFIG);
  useEffect(() => {
    bindNotifications(api);
    return () => bindNotifications(null);
  }, [api]);
  return holder;
}

export default function NotificationHost() {
  return (
    <AntdScope>
      <Holder />
    </AntdScope>
  );
}
