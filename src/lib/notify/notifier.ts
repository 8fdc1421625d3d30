import type { NotificationInstance } from 'antd/es/notification/interface';
import { reasonMessage } from '../api/error-messages';
import { noticeKey, type NoticeKind } from './policy';

type Notice = { kind: NoticeKind; text: string };

let api: NotificationInstance | null = null;
/** Notices raised before the providers mounted (e.g. offline at start-up) wait here. */
const pending: Notice[] = [];

function show({ kind, text }: Notice): void {
  if (!api) {
    pending.push({ kind, text });
    return;
  }
  api[kind]({ key: noticeKey(text), title: text, role: kind === 'error' ? 'alert' : 'status' });
}

/** Called by the providers with antd's App-scoped instance (themed and localised). */
export function bindNotifications(instance: NotificationInstance | null): void {
  api = instance;
  if (api) pending.splice(0).forEach(show);
}

export function notify(kind: NoticeKind, text: string): void {
  show({ kind, text });
}

export function notifyReason(reason: string, details?: Record<string, unknown>, kind: NoticeKind = 'error'): void {
  show({ kind, text: reasonMessage(reason, details) });
}
