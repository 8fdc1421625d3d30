/**
 * The ONE module that talks to the desktop shell (window.agentPortal, see
 * contract/src/ipc.ts). In a plain browser there is no bridge: the session
 * lives in web storage, there is no device id (device registration is the
 * shell's business) but a uuid kept per browser, and printing falls back to
 * the browser's dialog.
 */
import type {
  AgentPortalBridge,
  AppInfo,
  DeviceInfo,
  IpcResult,
  PrinterInfo,
  ServerPing,
  ShellSettings,
  StoredSession,
} from '@agent-portal/contract';

/**
 * What getAppInfo answers: the shell's version, platform, a newer version (or
 * null), what the shell does with it (updateMode: install on quit, notify
 * only, or off) and where it stands (updateState: downloading, ready, error...).
 * Word update notices with pendingUpdate (lib/update-notice.ts).
 */
export type { AppInfo };

declare global {
  interface Window {
    agentPortal?: AgentPortalBridge;
  }
}

const SESSION_KEY = 'agent-portal.session';

function bridge(): AgentPortalBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.agentPortal;
}

export function isDesktop(): boolean {
  return bridge() !== undefined;
}

/** An IPC failure is never fatal to the portal: callers get null and fall back. */
async function valueOf<T>(call: Promise<IpcResult<T>>): Promise<T | null> {
  try {
    const result = await call;
    return result.ok ? result.value : null;
  } catch {
    return null;
  }
}

export async function getDeviceInfo(): Promise<DeviceInfo | null> {
  const shell = bridge();
  return shell ? valueOf(shell.getDeviceInfo()) : null;
}

const BROWSER_UUID_KEY = 'agent-portal.uuid';

/** This browser's uuid: generated once and kept in local storage (null without storage or crypto). */
function browserUuid(): string | null {
  try {
    const kept = window.localStorage.getItem(BROWSER_UUID_KEY);
    if (kept) return kept;
    const made = window.crypto.randomUUID();
    window.localStorage.setItem(BROWSER_UUID_KEY, made);
    return made;
  } catch {
    return null;
  }
}

/**
 * The device values of a session (spec section 3): the shell's registered device, or in a browser no device and its own
 * uuid.
 */
export interface SessionDevice {
  deviceId: string | null;
  deviceType: DeviceInfo['deviceType'] | null;
  uuid: string | null;
}

export async function getSessionDevice(): Promise<SessionDevice> {
  if (bridge()) {
    const device = await getDeviceInfo();
    return { deviceId: device?.deviceId ?? null, deviceType: device?.deviceType ?? null, uuid: device?.uuid ?? null };
  }
  return { deviceId: null, deviceType: null, uuid: browserUuid() };
}

/** The server address the shell is configured with; null means same origin (browser). */
export async function getServerUrl(): Promise<string | null> {
  const shell = bridge();
  if (!shell) return null;
  const settings = await valueOf(shell.getSettings());
  return settings?.serverUrl ?? null;
}

export async function saveShellLanguage(language: 'en' | 'bn'): Promise<void> {
  const shell = bridge();
  if (shell) await valueOf(shell.saveSettings({ language }));
}

/** Whether "remember me" is offered; the shell keeps a remembered session on every platform (Settings says how). */
export async function canRememberSession(): Promise<boolean> {
  const shell = bridge();
  if (!shell) return true;
  return (await valueOf(shell.canRememberSession())) ?? false;
}

/**
 * A session kept in web storage, if it is one: checked by the contract's
 * storedSessionSchema (lib/stored-session), whose zod loads only when
 * something is stored (the signed-in screens load it anyway), never with the
 * sign-in page.
 */
async function readWebSession(storage: Storage): Promise<StoredSession | null> {
  try {
    const raw = storage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    const { parseStoredSession } = await import('./stored-session');
    return parseStoredSession(parsed);
  } catch {
    return null;
  }
}

function clearWebSession(): void {
  try {
    window.localStorage.removeItem(SESSION_KEY);
    window.sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export async function loadSession(): Promise<StoredSession | null> {
  const shell = bridge();
  if (shell) return valueOf(shell.getSession());
  return (await readWebSession(window.sessionStorage)) ?? (await readWebSession(window.localStorage));
}

/** Remember me keeps the session across restarts; without it the session ends with the window. */
export async function saveSession(session: StoredSession): Promise<void> {
  const shell = bridge();
  if (shell) {
    await valueOf(shell.saveSession(session));
    return;
  }
  clearWebSession();
  try {
    const storage = session.rememberMe ? window.localStorage : window.sessionStorage;
    storage.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Without storage the session lasts until the page reloads.
  }
}

export async function clearSession(): Promise<void> {
  const shell = bridge();
  if (shell) await valueOf(shell.clearSession());
  clearWebSession();
}

/** The shell's print calls, or null in a plain browser (the portal then prints through the browser's dialog). */
export function printBridge(): Pick<AgentPortalBridge, 'printHtml' | 'printToPdf'> | null {
  return bridge() ?? null;
}

/** The system's printers, or null in a plain browser (it cannot list them). */
export async function listPrinters(): Promise<PrinterInfo[] | null> {
  const shell = bridge();
  return shell ? valueOf(shell.listPrinters()) : null;
}

export async function getShellSettings(): Promise<ShellSettings | null> {
  const shell = bridge();
  return shell ? valueOf(shell.getSettings()) : null;
}

/** Saves shell settings; answers the settings now in force, or the shell's refusal. */
export async function saveShellSettings(settings: Partial<ShellSettings>): Promise<IpcResult<ShellSettings>> {
  const shell = bridge();
  if (!shell) return { ok: false, error: { reason: 'SHELL_ERROR', message: 'no desktop shell' } };
  try {
    return await shell.saveSettings(settings);
  } catch {
    return { ok: false, error: { reason: 'SHELL_ERROR' } };
  }
}

/** The shell's version and a pending update, or null in a plain browser (the page is always current there). */
export async function getAppInfo(): Promise<AppInfo | null> {
  const shell = bridge();
  return shell ? valueOf(shell.getAppInfo()) : null;
}

/** "Test connection" done by the shell (the page's CSP reaches only the server in force); null without a shell. */
export async function pingServerThroughShell(url: string): Promise<ServerPing | null> {
  const shell = bridge();
  return shell ? valueOf(shell.pingServer({ url })) : null;
}
