import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ApiError } from '../api/api-error';
import { reasonMessage } from '../api/error-messages';
import { noticeKey, type NoticeKind } from './policy';

/*
 * THE RULE for API errors (every screen follows it):
 * - A failed API call is shown as ONE toast with its reason's localised
 *   message, raised by notifyApiError: callApi calls it for every call that
 *   is not silent, and the owner of a silent call calls it when that failure
 *   is to be shown after all (sign-in, a report's final failure, a seat
 *   lock). Screens never render a reason's text themselves (no Alert, no
 *   Typography, no Form.Item help made from it, no toast of their own).
 * - An error that points at a field (details.fields of a VALIDATION_FAILED
 *   answer, or a reason a form maps to one of its fields, like a wrong
 *   current password) is ALSO put under that field; it is toasted once all
 *   the same, like every other failure. Checks made before any call
 *   (required fields, formats) are not API errors: inline only, no toast.
 * - A screen may react to a failure besides (close a dialog, redraw a seat
 *   map, show the server's new figures, say a retry is safe), but not by
 *   toasting it again: notifyApiError marks the error, so a second call for
 *   the same failure shows nothing. Texts are deduplicated as well (policy).
 * - A 401 outside the sign-in page is not toasted where it happens: the
 *   session ends and /login shows INVALID_SESSION once.
 */

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

/** The one toast of a failed call (see THE RULE above): once per failure, none for an expired session. */
export function notifyApiError(error: ApiError): void {
  if (error.notified || error.sessionExpired) return;
  error.notified = true;
  notifyReason(error.reason, error.details);
}
