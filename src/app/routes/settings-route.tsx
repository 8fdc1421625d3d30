import { Navigate } from 'react-router';
import { SettingsPage } from '../../features/settings/settings-page';
import { pingServer } from '../../features/settings/api/ping-server';
import { isDesktop, pingServerThroughShell } from '../../lib/bridge';

/** The shell pings a candidate server; should the IPC call fail, the page tries itself. */
async function ping(url: string) {
  return (await pingServerThroughShell(url)) ?? pingServer(url);
}

/**
 * Settings exist only in the desktop shell (server address, printers, updates
 * are the shell's). In a plain browser the user menu has no entry for them and
 * a direct visit goes home.
 */
export function SettingsRoute() {
  if (!isDesktop()) return <Navigate to="/" replace />;
  return <SettingsPage ping={ping} />;
}
