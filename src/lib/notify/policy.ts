import type { NotificationConfig } from 'antd/es/notification/interface';

/**
 * Toasts stay 5 s, bottom right, with a progress bar, at
 * most 3 at once. antd counts duration in seconds.
 */
export const NOTIFICATION_CONFIG = {
  placement: 'bottomRight',
  duration: 5,
  showProgress: true,
  pauseOnHover: true,
  maxCount: 3,
} as const satisfies NotificationConfig;

export type NoticeKind = 'success' | 'error' | 'info' | 'warning';

/**
 * The key is the text itself: antd replaces a notice whose key is already on
 * screen instead of stacking a duplicate.
 */
export function noticeKey(text: string): string {
  return `notice:${text}`;
}
