import { shell } from 'electron';
import { isAllowedExternal } from '../security/navigation';

/**
 * Opens an https link in the system browser, only when it is on the
 * allow-list; checked again here so no caller can skip the check.
 */
export function openExternalAllowed(url: string, allowList: readonly string[]): void {
  if (!isAllowedExternal(url, allowList)) return;
  const safeUrl = new URL(url).toString();
  void shell.openExternal(safeUrl); // eng-disable OPEN_EXTERNAL_JS_CHECK (https allow-list checked on the line above)
}
