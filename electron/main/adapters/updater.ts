import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { app } from 'electron';
import type { AppUpdater, NsisUpdater as NsisUpdaterClass, UpdateDownloadedEvent, UpdateInfo } from 'electron-updater';
import type { Logger } from '../services/ports';
import type { UpdaterEvent, UpdaterPort } from '../services/updater';

const require = createRequire(import.meta.url);

/**
 * electron-updater against the feed electron-builder wrote into the package
 * (publish: generic, resources/app-update.yml). What it may do is decided
 * by UpdateService (services/update-policy.ts) before the first check: this
 * adapter only reads that file, asks Windows whether the running executable
 * is signed, arms the updater and checks. Unpackaged (development) there is
 * nothing to update.
 */
export function createUpdaterPort(logger: Logger): UpdaterPort {
  if (!app.isPackaged) {
    return {
      readPackagedConfig: async () => null,
      verifyRunningBuild: async () => 'not packaged',
      configure: () => undefined,
      checkForUpdate: async () => null,
      onEvent: () => undefined,
    };
  }
  // electron-updater is CommonJS; required lazily so development never loads it.
  const { autoUpdater, NsisUpdater } = require('electron-updater') as {
    autoUpdater: AppUpdater;
    NsisUpdater: typeof NsisUpdaterClass;
  };
  // Nothing downloads or installs until the policy says so (configure).
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.disableWebInstaller = true;
  autoUpdater.logger = null;
  // Without an 'error' listener an offline check would be an uncaught exception.
  autoUpdater.on('error', (error) => logger.warn('updater error', { error: error.message }));
  const listeners: ((event: UpdaterEvent) => void)[] = [];
  const emit = (event: UpdaterEvent) => listeners.forEach((listener) => listener(event));
  // The state the portal is told follows these (UpdateService): found, not found, downloaded (only then installable),
  // failed.
  autoUpdater.on('update-available', (info: UpdateInfo) => emit({ type: 'update-available', version: info.version }));
  autoUpdater.on('update-not-available', () => emit({ type: 'update-not-available' }));
  autoUpdater.on('update-downloaded', (info: UpdateDownloadedEvent) =>
    emit({ type: 'update-downloaded', version: info.version }),
  );
  autoUpdater.on('error', (error) => emit({ type: 'error', message: error.message }));
  // The same YAML reader electron-updater reads app-update.yml with.
  const yaml = createRequire(require.resolve('electron-updater'))('js-yaml') as { load(text: string): unknown };

  return {
    async readPackagedConfig() {
      // Where electron-updater's ElectronAppAdapter reads it in a packaged app.
      const file = path.join(process.resourcesPath, 'app-update.yml');
      try {
        return yaml.load(await readFile(file, 'utf8')) ?? null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async verifyRunningBuild(publisherNames) {
      // NsisUpdater's own verifier (PowerShell Get-AuthenticodeSignature): the one every downloaded installer must
      // pass.
      if (!(autoUpdater instanceof NsisUpdater)) return 'this updater cannot verify Windows signatures';
      return autoUpdater.verifyUpdateCodeSignature(publisherNames, process.execPath);
    },
    configure(mode) {
      autoUpdater.autoDownload = mode === 'install';
      autoUpdater.autoInstallOnAppQuit = mode === 'install';
    },
    async checkForUpdate() {
      const result = await autoUpdater.checkForUpdates();
      // The background download fails offline too; that must not become an unhandled rejection.
      result?.downloadPromise?.catch((error: unknown) =>
        logger.warn('update download failed', { error: String(error) }),
      );
      return result?.isUpdateAvailable ? result.updateInfo.version : null;
    },
    onEvent(listener) {
      listeners.push(listener);
    },
  };
}
