import { onSessionExpired, setApiBaseUrl } from '../lib/api/api-config';
import { getServerUrl } from '../lib/bridge';
import { initI18n } from '../lib/i18n';
import { handleSessionExpired, restoreSession } from '../lib/session';

/** Everything the first render needs: texts, the server address and the stored session. */
export async function bootstrap(): Promise<void> {
  onSessionExpired(handleSessionExpired);
  const [serverUrl] = await Promise.all([getServerUrl(), initI18n(), restoreSession()]);
  setApiBaseUrl(serverUrl);
}
