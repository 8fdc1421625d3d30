import type { AppInfo } from './bridge';

export interface PendingUpdate {
  version: string;
  /** True only when the shell itself installs it on quit (updateMode install); otherwise support installs it by hand. */
  installsOnQuit: boolean;
}

/**
 * A newer version worth announcing, or null: none found, updates off on this
 * PC, or a plain browser (no app info). Only updateMode install may promise
 * an install on quit; anything else (notify) must not.
 */
export function pendingUpdate(app: AppInfo | null | undefined): PendingUpdate | null {
  if (!app?.updateAvailable || app.updateMode === 'off') return null;
  return { version: app.updateAvailable, installsOnQuit: app.updateMode === 'install' };
}
