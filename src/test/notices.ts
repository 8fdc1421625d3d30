import { bindNotifications } from '../lib/notify/notifier';

/** A toast the code under test raised: its kind (error, success, ...) and title. */
export interface Notice {
  kind: string;
  text: string;
}

function captureInto(onNotice: (notice: Notice) => void): void {
  const record = (kind: string) => (args: { title?: unknown }) => onNotice({ kind, text: String(args.title) });
  bindNotifications({
    error: record('error'),
    success: record('success'),
    info: record('info'),
    warning: record('warning'),
    open: record('open'),
    destroy: () => undefined,
  });
}

/** From now on the toasts are recorded instead of shown: the returned list fills as they are raised. */
export function captureNotices(): Notice[] {
  const notices: Notice[] = [];
  captureInto((notice) => notices.push(notice));
  return notices;
}

/** The same, titles only. */
export function captureNoticeTitles(): string[] {
  const titles: string[] = [];
  captureInto((notice) => titles.push(notice.text));
  return titles;
}
