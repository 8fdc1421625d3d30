import { Navigate } from 'react-router';
import { printTicket } from '../../features/printing';
import { SettingsPage, type TestPrintRequest } from '../../features/settings/settings-page';
import { pingServer } from '../../features/settings/api/ping-server';
import { isDesktop, pingServerThroughShell } from '../../lib/bridge';

/** The sample ticket is no sale: nothing is recorded with the server. */
const recordNothing = () => Promise.resolve();

/** The shell pings a candidate server; should the IPC call fail, the page tries itself. */
async function ping(url: string) {
  return (await pingServerThroughShell(url)) ?? pingServer(url);
}

function testPrint({ reservation, language, paper, copies, deviceName }: TestPrintRequest) {
  return printTicket({ reservation, language, paper, copies, deviceName, printType: 'ORIGINAL' }, { recordPrint: recordNothing });
}

/**
 * Settings exist only in the desktop shell (server address, printers, updates
 * are the shell's). In a plain browser the user menu has no entry for them and
 * a direct visit goes home.
 */
export function SettingsRoute() {
  if (!isDesktop()) return <Navigate to="/" replace />;
  return <SettingsPage testPrint={testPrint} ping={ping} />;
}
