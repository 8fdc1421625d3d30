import type { AppInfo } from './bridge';

/**
 * ready: downloaded, installs when the app closes; downloading: found, not yet
 * installable; failed: the download failed (the shell tries again later);
 * notify: the shell only announces it, support installs it by hand.
 */
export type UpdateNoticeKind = 'ready' | 'downloading' | 'failed' | 'notify';

export interface PendingUpdate {
  version: string;
  kind: UpdateNoticeKind;
}

/**
 * A newer version worth announcing, or null: none found, updates off on this
 * PC, or a plain browser (no app info). Only updateMode install with the
 * state ready (electron-updater said update-downloaded) may promise an
 * install on quit; a version still downloading, or whose download failed,
 * must not, and neither may notify.
 */
export function pendingUpdate(app: AppInfo | null | undefined): PendingUpdate | null {
  if (!app?.updateAvailable || app.updateMode === 'off') return null;
  const version = app.updateAvailable;
  if (app.updateMode === 'notify') return { version, kind: 'notify' };
  if (app.updateState === 'ready') return { version, kind: 'ready' };
  if (app.updateState === 'error') return { version, kind: 'failed' };
  return { version, kind: 'downloading' };
}

/** The last check failed and nothing newer is known: the app must not claim it is the latest version. */
export function updateCheckFailed(app: AppInfo | null | undefined): boolean {
  return !!app && app.updateMode !== 'off' && !app.updateAvailable && app.updateState === 'error';
}
