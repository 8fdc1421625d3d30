import type { AgentPortalBridge, AppInfo, IpcResult, PrinterInfo, ShellSettings } from '@agent-portal/contract';
import { vi } from 'vitest';

export const PRINTERS: PrinterInfo[] = [
  { name: 'EPSON_TM_T82', displayName: 'EPSON TM-T82 Receipt', isDefault: true },
  { name: 'Office_A4', displayName: 'Office A4', isDefault: false },
  { name: '', displayName: '', isDefault: false },
];

const ok = <T>(value: T): Promise<IpcResult<T>> => Promise.resolve({ ok: true, value });

/** A getAppInfo answer: a signed Windows build (installs updates on quit) unless told otherwise. */
export function appInfo(change: Partial<AppInfo> = {}) {
  return vi.fn(() =>
    ok<AppInfo>({
      version: '1.2.0',
      platform: 'win32',
      updateAvailable: null,
      updateMode: 'install',
      updateState: 'none',
      ...change,
    }),
  );
}

/**
 * A window.agentPortal for component tests: settings kept in memory, every
 * call a spy. Screens that print are tested through it: the real printTicket
 * and printDocument run, and the fake shell takes (or refuses) the job.
 */
export function fakeBridge(overrides: Partial<AgentPortalBridge> = {}) {
  let settings: ShellSettings = {
    serverUrl: 'http://127.0.0.1:3030',
    language: 'en',
    printer: { deviceName: null, paper: '80mm', copies: 1, autoPrintAfterSale: false },
  };
  const bridge = {
    getDeviceInfo: vi.fn(() =>
      ok({
        deviceId: 'dev-1234',
        deviceType: 'AGENT_ELECTRON' as const,
        uuid: 'u-1',
        status: 'APPROVED' as const,
        licenceKey: 'LIC-42',
        registrationError: null,
      }),
    ),
    getSession: vi.fn(() => ok(null)),
    saveSession: vi.fn(() => ok({ persisted: true })),
    clearSession: vi.fn(() => ok(undefined)),
    canRememberSession: vi.fn(() => ok(true)),
    getSettings: vi.fn(() => ok(settings)),
    saveSettings: vi.fn((change: Partial<ShellSettings>) => {
      settings = { ...settings, ...change };
      return ok(settings);
    }),
    listPrinters: vi.fn(() => ok(PRINTERS)),
    printHtml: vi.fn((job: { copies: number }) => ok({ copiesPrinted: job.copies })),
    printToPdf: vi.fn(() => ok({ pdfBase64: '' })),
    getAppInfo: appInfo(),
    ...overrides,
  };
  window.agentPortal = bridge as unknown as AgentPortalBridge;
  return bridge;
}
