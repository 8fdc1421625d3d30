import type { DeviceRegistrationService } from '../services/device-registration';
import type { PrintQueue } from '../services/print-queue';
import type { SecretVault } from '../services/secret-vault';
import type { SettingsService } from '../services/settings';
import type { UpdateService } from '../services/updater';
import { pingServer, type HttpGetPort } from '../services/server-ping';
import type { IpcHandlers } from './register-ipc';

export interface HandlerServices {
  device: DeviceRegistrationService;
  vault: SecretVault;
  settings: SettingsService;
  printing: PrintQueue;
  updates: UpdateService;
  app: { version: string; platform: string };
  http: HttpGetPort;
}

/** The shell's answer to each channel: thin calls into the services. */
export function createIpcHandlers(s: HandlerServices): IpcHandlers {
  return {
    getDeviceInfo: () => s.device.info(),
    getSession: () => s.vault.getSession(),
    saveSession: (session) => s.vault.saveSession(session),
    clearSession: () => s.vault.clearSession(),
    canRememberSession: async () => true,
    getSettings: () => s.settings.get(),
    saveSettings: (patch) => s.settings.update(patch),
    listPrinters: () => s.printing.listPrinters(),
    printHtml: (job) => s.printing.print(job),
    printToPdf: (job) => s.printing.printToPdf(job),
    getAppInfo: async () => {
      const update = await s.updates.status();
      return {
        version: s.app.version,
        platform: s.app.platform,
        updateAvailable: update.updateAvailable,
        updateMode: update.mode,
        updateState: update.state,
        sessionProtection: await s.vault.protection(),
      };
    },
    pingServer: ({ url }) => pingServer(s.http, url),
  };
}
