import { app, Menu, protocol, session, type Session, type WebContents } from 'electron';
import { APP_SCHEME } from '../services/app-content';
import { decideNavigation, decideWindowOpen, type NavigationPolicy } from '../security/navigation';
import { decidePermission } from '../security/permissions';
import { openExternalAllowed } from './shell';

/** Must run before 'ready': app:// behaves like https (standard, secure origin, fetch). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

export function acquireSingleInstanceLock(): boolean {
  return app.requestSingleInstanceLock();
}

export function whenReady(): Promise<void> {
  return app.whenReady();
}

export function appInfo(): { version: string; platform: string; isPackaged: boolean } {
  return { version: app.getVersion(), platform: process.platform, isPackaged: app.isPackaged };
}

export function onSecondInstance(listener: () => void): void {
  app.on('second-instance', listener);
}

/** Quits when the last window closes, except on macOS where 'activate' brings one back. */
export function quitWithLastWindow(recreate: () => void, hasWindow: () => boolean): void {
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (!hasWindow()) recreate();
  });
}

/**
 * A packaged app on Windows and Linux has no menu bar: the default one offers
 * Reload and Developer Tools, which a counter does not need. (Copy and paste
 * keys work without it; macOS keeps its menu, where they live.)
 */
export function removeDefaultMenu(): void {
  if (app.isPackaged && process.platform !== 'darwin') Menu.setApplicationMenu(null);
}

export function quit(): void {
  app.quit();
}

/** Serves app:// from the default session with `handler` (see services/app-content). */
export function serveAppScheme(handler: (request: Request) => Promise<Response>): void {
  protocol.handle(APP_SCHEME, handler);
}

/** Every permission request and check is refused, in the given session (default: the portal's). */
export function denyAllPermissions(target: Session = session.defaultSession): void {
  target.setPermissionRequestHandler((_webContents, permission, callback) => callback(decidePermission(permission)));
  target.setPermissionCheckHandler((_webContents, permission) => decidePermission(permission));
}

/**
 * Applies the navigation rules to every webContents the app ever creates:
 * no navigation off the app's origin, no new windows, no <webview>.
 */
export function hardenAllWebContents(policy: () => NavigationPolicy): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    const guard = (event: { preventDefault(): void }, url: string) => {
      const decision = decideNavigation(url, policy());
      if (decision.action === 'allow') return;
      event.preventDefault();
      if (decision.action === 'open-external') openExternalAllowed(decision.url, policy().externalAllowList);
    };
    contents.on('will-navigate', (event) => guard(event, event.url));
    contents.on('will-redirect', (event) => guard(event, event.url));
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      const decision = decideWindowOpen(url, policy());
      if (decision.action === 'open-external') openExternalAllowed(decision.url, policy().externalAllowList);
      return { action: 'deny' };
    });
  });
}
