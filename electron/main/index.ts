/**
 * The desktop shell's entry: composes the adapters (Electron and friends)
 * with the services (plain logic) and opens the portal's one window.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCT_NAME, externalLinkAllowList } from './config';
import {
  acquireSingleInstanceLock,
  appInfo,
  denyAllPermissions,
  hardenAllWebContents,
  onSecondInstance,
  quit,
  quitWithLastWindow,
  registerAppScheme,
  removeDefaultMenu,
  serveAppScheme,
  whenReady,
} from './adapters/electron-app';
import { createMainWindow, type MainWindow } from './adapters/browser-window';
import { createKeyValueStore } from './adapters/electron-store';
import { fetchHttp, fetchHttpGet } from './adapters/http';
import { ipcMainRegistrar } from './adapters/ipc-main';
import { consoleLogger } from './adapters/logger';
import { nodeMachineId } from './adapters/machine-id';
import { createPrintRenderer } from './adapters/printing';
import { safeStorageCipher } from './adapters/safe-storage';
import { createUpdaterPort } from './adapters/updater';
import { createIpcHandlers } from './ipc/handlers';
import { registerIpc } from './ipc/register-ipc';
import { APP_ENTRY_URL, APP_ORIGIN, createAppContentHandler } from './services/app-content';
import { DeviceRegistrationService } from './services/device-registration';
import { PrintQueue } from './services/print-queue';
import { SecretVault } from './services/secret-vault';
import { SettingsService } from './services/settings';
import { UpdateService } from './services/updater';
import { buildPortalCsp } from './security/csp';
import { originOf } from './security/origin';

// Built layout: dist-electron/main.js, dist-electron/preload.cjs, dist/index.html.
const here = path.dirname(fileURLToPath(import.meta.url));
const preloadPath = path.join(here, 'preload.cjs');
const distDir = path.join(here, '..', 'dist');
/** Set by vite-plugin-electron in development: the portal then comes from the Vite dev server. */
const devServerUrl = process.env.VITE_DEV_SERVER_URL;

registerAppScheme();

if (!acquireSingleInstanceLock()) {
  quit();
} else {
  void start();
}

async function start(): Promise<void> {
  await whenReady();
  const logger = consoleLogger();
  const store = createKeyValueStore('agent-portal');
  const settings = new SettingsService(store, logger);
  const vault = new SecretVault(safeStorageCipher, createKeyValueStore('agent-portal-secrets'), logger);
  const device = new DeviceRegistrationService({
    http: fetchHttp,
    machineId: nodeMachineId,
    store,
    licenceKeys: vault,
    serverUrl: () => settings.get().serverUrl,
    randomUuid: randomUUID,
    logger,
  });
  const updates = new UpdateService(createUpdaterPort(logger), logger, { platform: process.platform });
  const appOrigin = (devServerUrl && originOf(devServerUrl)) || APP_ORIGIN;

  if (!devServerUrl) {
    serveAppScheme(createAppContentHandler({ distDir, readFile, csp: () => buildPortalCsp(settings.get().serverUrl) }));
  }
  denyAllPermissions();
  removeDefaultMenu();
  hardenAllWebContents(() => ({ appOrigin, externalAllowList: externalLinkAllowList(settings.get().serverUrl) }));

  let mainWindow: MainWindow | null = null;
  const printing = new PrintQueue(createPrintRenderer(), logger);
  const { version, platform } = appInfo();
  registerIpc(
    ipcMainRegistrar,
    createIpcHandlers({ device, vault, settings, printing, updates, app: { version, platform }, http: fetchHttpGet }),
    {
      webContentsId: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContentsId : null),
      origin: () => appOrigin,
    },
    logger,
  );

  settings.onChange((next, previous) => {
    if (next.serverUrl !== previous.serverUrl) {
      logger.info('server address changed; registering with the new server', { serverUrl: next.serverUrl });
      device.restart();
    }
  });

  const openWindow = () => {
    mainWindow = createMainWindow({
      preloadPath,
      title: PRODUCT_NAME,
      savedBounds: settings.getWindowBounds(),
      onBoundsChanged: (bounds) => settings.saveWindowBounds(bounds),
      onClosed: () => {
        // A session not remembered lives only as long as the window.
        vault.forgetMemorySession();
        mainWindow = null;
      },
    });
    mainWindow.load(devServerUrl ?? APP_ENTRY_URL).catch((error: unknown) => {
      logger.error('the portal did not load', { error: String(error) });
    });
  };

  onSecondInstance(() => mainWindow?.focus());
  quitWithLastWindow(openWindow, () => mainWindow !== null);
  openWindow();
  device.start();
  updates.start();
}
