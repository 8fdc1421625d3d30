import { createRequire } from 'node:module';
import { app } from 'electron';
import type { Logger } from '../services/ports';
import type { UpdaterPort } from '../services/updater';

const require = createRequire(import.meta.url);

/**
 * electron-updater against the feed electron-builder wrote into the package
 * (publish: generic). Unpackaged (development) there is nothing to update.
 * The update downloads in the background and installs when the app quits.
 */
export function createUpdaterPort(logger: Logger): UpdaterPort {
  if (!app.isPackaged) return { checkForUpdate: async () => null };
  // electron-updater is CommonJS; required lazily so development never loads it.
  const { autoUpdater } = require('electron-updater') as typeof import('electron-updater');
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.logger = null;
  // Without an 'error' listener an offline check would be an uncaught exception.
  autoUpdater.on('error', (error) => logger.warn('updater error', { error: error.message }));
  return {
    async checkForUpdate() {
      const result = await autoUpdater.checkForUpdates();
      // The background download fails offline too; that must not become an unhandled rejection.
      result?.downloadPromise?.catch((error: unknown) => logger.warn('update download failed', { error: String(error) }));
      return result?.isUpdateAvailable ? result.updateInfo.version : null;
    },
  };
}
