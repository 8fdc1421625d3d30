/**
 * A test double of the desktop shell's preload bridge (window.agentPortal,
 * contract/src/ipc.ts) for end-to-end tests in a plain Chromium: installed
 * with addInitScript, so it is there before the portal's first script on
 * every page load. It answers every AgentPortalBridge method with an
 * IpcResult, keeps settings and the session in the page's storage (so they
 * survive a reload, as electron-store would), records print jobs in
 * window.__printJobs, and can be switched to refuse printing with a reason.
 */
import type {
  AppInfo,
  DeviceInfo,
  PrinterInfo,
  PrinterSettings,
  PrintJob,
  ShellSettings,
} from '@agent-portal/contract';
import { DESKTOP_PRINTER_DEFAULTS } from '@agent-portal/contract/plain';
import type { BrowserContext, Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';

export const FAKE_PRINTERS: PrinterInfo[] = [
  { name: 'EPSON_TM_T82', displayName: 'EPSON TM-T82 Receipt', isDefault: true },
  { name: 'Office_A4', displayName: 'Office A4', isDefault: false },
];

export const FAKE_DEVICE: DeviceInfo = {
  deviceId: '5f2b9c0e7a14d3b8e6c1a9f07d2e4b6c8a1f3e5d7c9b0a2e4f6d8c1b3a5e7f90',
  deviceType: 'AGENT_ELECTRON',
  uuid: '0b8e1c52-3f4a-4d6e-9a7b-2c1d0e9f8a76',
  status: 'APPROVED',
  licenceKey: 'AGP-7K3Q-9XW2-M4TR',
  registrationError: null,
};

export interface FakeShellOptions {
  /** Default: the e2e server's own origin, so the portal's API calls stay on it. */
  serverUrl?: string;
  printers?: PrinterInfo[];
  device?: DeviceInfo;
  /** Default: a signed Windows build (updateMode install), no newer version. */
  appInfo?: AppInfo;
  /** Start with printing refused with this reason (see setPrintFailure to switch later). */
  failPrintWith?: string | null;
  /** Answer canRememberSession with this (false: only a plain-text key store). */
  canRemember?: boolean;
}

/** A print job as the fake saw it (the html too, for checks on the ticket). */
export type RecordedPrintJob = PrintJob & { at: string };

declare global {
  interface Window {
    __printJobs?: RecordedPrintJob[];
    __fakeShell?: { failPrintWith: string | null; calls: string[] };
  }
}

interface InPageConfig {
  serverUrl: string;
  printers: PrinterInfo[];
  device: DeviceInfo;
  appInfo: AppInfo;
  failPrintWith: string | null;
  canRemember: boolean;
  /** The real shell's printer defaults (auto-print after a sale on), so the double starts where the shell does. */
  printerDefaults: PrinterSettings;
}

/** Runs in the page (serialised by Playwright): it may use nothing from this module's scope. */
function installInPage(config: InPageConfig): void {
  // Only the portal's pages (not about:blank, where storage is off limits) get a shell.
  if (!/^https?:$/.test(window.location.protocol)) return;
  const SETTINGS = '__fakeShell.settings';
  const SESSION = '__fakeShell.session';
  const FAILURE = '__fakeShell.failPrintWith';
  const PAPERS = ['58mm', '80mm', 'A4'];
  type Result = { ok: true; value: unknown } | { ok: false; error: { reason: string; message?: string } };
  const ok = (value: unknown): Promise<Result> => Promise.resolve({ ok: true, value });
  const fail = (reason: string, message?: string): Promise<Result> =>
    Promise.resolve({ ok: false, error: { reason, message } });
  const read = (storage: Storage, key: string): unknown => {
    try {
      const raw = storage.getItem(key);
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  };

  const defaults = {
    serverUrl: config.serverUrl,
    language: 'en',
    printer: config.printerDefaults,
  };
  const settings = (): typeof defaults => ({ ...defaults, ...((read(localStorage, SETTINGS) as object | null) ?? {}) });
  const storedFailure = localStorage.getItem(FAILURE);
  const state = {
    failPrintWith: storedFailure === null ? config.failPrintWith : storedFailure || null,
    calls: [] as string[],
  };
  window.__fakeShell = state;
  window.__printJobs = [];

  const isCopies = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 5;
  const isPrinterSettings = (p: unknown) => {
    if (typeof p !== 'object' || p === null) return false;
    const v = p as Record<string, unknown>;
    return (
      (v.deviceName === null || typeof v.deviceName === 'string') &&
      PAPERS.includes(v.paper as string) &&
      isCopies(v.copies) &&
      typeof v.autoPrintAfterSale === 'boolean'
    );
  };
  const isUrl = (u: unknown) => {
    try {
      return typeof u === 'string' && /^https?:$/.test(new URL(u).protocol);
    } catch {
      return false;
    }
  };
  const track =
    <A extends unknown[]>(name: string, fn: (...args: A) => Promise<Result>) =>
    (...args: A) => {
      state.calls.push(name);
      return fn(...args);
    };

  const bridge = {
    getDeviceInfo: track('getDeviceInfo', () => ok(config.device)),
    getSession: track('getSession', () => ok(read(sessionStorage, SESSION) ?? read(localStorage, SESSION))),
    saveSession: track('saveSession', (session: { token?: unknown; rememberMe?: unknown }) => {
      if (typeof session?.token !== 'string' || !session.token) return fail('INVALID_INPUT');
      localStorage.removeItem(SESSION);
      sessionStorage.removeItem(SESSION);
      const persisted = session.rememberMe === true && config.canRemember;
      (persisted ? localStorage : sessionStorage).setItem(SESSION, JSON.stringify(session));
      return ok({ persisted });
    }),
    clearSession: track('clearSession', () => {
      localStorage.removeItem(SESSION);
      sessionStorage.removeItem(SESSION);
      return ok(undefined);
    }),
    canRememberSession: track('canRememberSession', () => ok(config.canRemember)),
    getSettings: track('getSettings', () => ok(settings())),
    saveSettings: track('saveSettings', (change: Record<string, unknown>) => {
      if (typeof change !== 'object' || change === null) return fail('INVALID_INPUT');
      if ('serverUrl' in change && !isUrl(change.serverUrl)) return fail('INVALID_INPUT');
      if ('language' in change && change.language !== 'en' && change.language !== 'bn') return fail('INVALID_INPUT');
      if ('printer' in change && !isPrinterSettings(change.printer)) return fail('INVALID_INPUT');
      const next = { ...settings(), ...change };
      localStorage.setItem(SETTINGS, JSON.stringify(next));
      return ok(next);
    }),
    listPrinters: track('listPrinters', () => ok(config.printers)),
    printHtml: track('printHtml', (job: PrintJob) => {
      if (!job || typeof job.html !== 'string' || !job.html || !PAPERS.includes(job.paper) || !isCopies(job.copies))
        return fail('INVALID_INPUT');
      if (job.deviceName !== null && typeof job.deviceName !== 'string') return fail('INVALID_INPUT');
      if (state.failPrintWith) return fail(state.failPrintWith);
      if (job.deviceName !== null && !config.printers.some((p) => p.name === job.deviceName))
        return fail('PRINTER_NOT_FOUND');
      window.__printJobs?.push({ ...job, at: new Date().toISOString() });
      return ok({ copiesPrinted: job.copies });
    }),
    // A real PDF needs the shell's printToPDF; the fake answers a minimal one-page PDF.
    printToPdf: track('printToPdf', (job: { html?: unknown; paper?: unknown }) => {
      if (typeof job?.html !== 'string' || !PAPERS.includes(job.paper as string)) return fail('INVALID_INPUT');
      return ok({ pdfBase64: btoa('%PDF-1.4\n%fake\n') });
    }),
    getAppInfo: track('getAppInfo', () => ok(config.appInfo)),
    // Like the shell's main process, the fake asks {url}/api/health itself.
    pingServer: track('pingServer', async (input: { url?: unknown }) => {
      if (!isUrl(input?.url)) return fail('INVALID_INPUT');
      try {
        const response = await fetch(`${String(input.url).replace(/\/+$/, '')}/api/health`, { cache: 'no-store' });
        const body = (await response.json().catch(() => null)) as { ok?: unknown; version?: unknown } | null;
        return ok(
          response.ok && body?.ok === true && typeof body.version === 'string'
            ? { ok: true, version: body.version }
            : { ok: false, problem: 'NOT_A_SERVER' },
        );
      } catch {
        return ok({ ok: false, problem: 'UNREACHABLE' });
      }
    }),
  };
  // The preload exposes a frozen object through contextBridge; so does the fake.
  Object.defineProperty(window, 'agentPortal', { value: Object.freeze(bridge), configurable: false, writable: false });
}

/** Installs the fake shell on every page of the context (or this page) from the next navigation on. */
export async function installFakeShell(target: Page | BrowserContext, options: FakeShellOptions = {}): Promise<void> {
  const config: InPageConfig = {
    serverUrl: options.serverUrl ?? E2E_BASE_URL,
    printers: options.printers ?? FAKE_PRINTERS,
    device: options.device ?? FAKE_DEVICE,
    appInfo: options.appInfo ?? {
      version: '1.0.0',
      platform: 'win32',
      updateAvailable: null,
      updateMode: 'install',
      updateState: 'none',
    },
    failPrintWith: options.failPrintWith ?? null,
    canRemember: options.canRemember ?? true,
    printerDefaults: { ...DESKTOP_PRINTER_DEFAULTS },
  };
  await target.addInitScript(installInPage, config);
}

/** Makes printHtml refuse with this reason (or print again with null); lasts across reloads. */
export async function setPrintFailure(page: Page, reason: string | null): Promise<void> {
  await page.evaluate((r) => {
    localStorage.setItem('__fakeShell.failPrintWith', r ?? '');
    if (window.__fakeShell) window.__fakeShell.failPrintWith = r;
  }, reason);
}

/** The print jobs this page load sent through the bridge. */
export function printJobs(page: Page): Promise<RecordedPrintJob[]> {
  return page.evaluate(() => window.__printJobs ?? []);
}

/** The shell settings as the fake stores them. */
export function storedShellSettings(page: Page): Promise<ShellSettings | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('__fakeShell.settings');
    return raw ? (JSON.parse(raw) as ShellSettings) : null;
  });
}
