import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS, type IpcResult } from '@agent-portal/contract';
import { silentLogger } from '../services/ports';
import { ShellError } from '../services/shell-error';
import { createIpcDispatcher, registerIpc, type IpcHandlers, type IpcRegistrar } from './register-ipc';
import type { SenderInfo } from './sender-guard';

const WINDOW_ID = 7;
const APP_ORIGIN = 'app://portal';
const trusted = { webContentsId: () => WINDOW_ID, origin: () => APP_ORIGIN };
const portal: SenderInfo = { webContentsId: WINDOW_ID, isTopFrame: true, frameUrl: 'app://portal/reservation' };

const settings = {
  serverUrl: 'http://127.0.0.1:3030',
  language: 'en' as const,
  printer: { deviceName: null, paper: '80mm' as const, copies: 1, autoPrintAfterSale: false },
};

function handlers(overrides: Partial<IpcHandlers> = {}): IpcHandlers {
  return {
    getDeviceInfo: async () => ({
      deviceId: 'a'.repeat(64),
      deviceType: 'AGENT_ELECTRON',
      uuid: 'u-1',
      status: null,
      licenceKey: null,
      registrationError: 'MOBILE_DEVICE_REGISTRATION_FAILED',
    }),
    getSession: async () => null,
    saveSession: async () => ({ persisted: true }),
    clearSession: () => undefined,
    canRememberSession: async () => true,
    getSettings: () => settings,
    saveSettings: (patch) => ({ ...settings, ...patch }),
    listPrinters: async () => [],
    printHtml: async (job) => ({ copiesPrinted: job.copies }),
    printToPdf: async () => ({ pdfBase64: '' }),
    getAppInfo: () => ({
      version: '0.1.0',
      platform: 'linux',
      updateAvailable: null,
      updateMode: 'notify',
      updateState: 'none',
    }),
    pingServer: () => ({ ok: true as const, version: '0.1.0' }),
    ...overrides,
  };
}

/** The registrar port, as ipcMain.handle would hold the listeners. */
function fakeRegistrar() {
  const listeners = new Map<string, (sender: SenderInfo, input: unknown) => Promise<IpcResult<unknown>>>();
  const registrar: IpcRegistrar = {
    handle: (channel, listener) => {
      if (listeners.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      listeners.set(channel, listener);
    },
  };
  const invoke = async (channel: string, sender: SenderInfo, input?: unknown) => {
    const listener = listeners.get(channel);
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    return listener(sender, input);
  };
  return { registrar, listeners, invoke };
}

describe('IPC registration', () => {
  it('registers exactly one handler per channel of the table', () => {
    const { registrar, listeners } = fakeRegistrar();
    const channels = registerIpc(registrar, handlers(), trusted, silentLogger);
    const expected = Object.values(IPC_CHANNELS)
      .map((entry) => entry.channel)
      .sort();
    expect([...listeners.keys()].sort()).toEqual(expected);
    expect(channels.sort()).toEqual(expected);
  });

  it('answers the portal with an IpcResult', async () => {
    const { registrar, invoke } = fakeRegistrar();
    registerIpc(registrar, handlers(), trusted, silentLogger);
    expect(await invoke('app:info', portal)).toEqual({
      ok: true,
      value: { version: '0.1.0', platform: 'linux', updateAvailable: null, updateMode: 'notify', updateState: 'none' },
    });
    expect(
      await invoke('print:html', portal, { html: '<p>t</p>', paper: '58mm', copies: 2, deviceName: 'XP-58' }),
    ).toEqual({ ok: true, value: { copiesPrinted: 2 } });
    expect(await invoke('session:clear', portal)).toEqual({ ok: true, value: undefined });
  });

  it('refuses a foreign sender frame: an iframe, another window, another origin, a vanished frame', async () => {
    const handler = vi.fn(async () => ({ copiesPrinted: 1 }));
    const { registrar, invoke } = fakeRegistrar();
    registerIpc(registrar, handlers({ printHtml: handler }), trusted, silentLogger);
    const input = { html: '<p>t</p>', paper: '80mm', copies: 1, deviceName: null };
    const forbidden = { ok: false, error: { reason: 'FORBIDDEN_SENDER' } };
    expect(await invoke('print:html', { ...portal, isTopFrame: false }, input)).toEqual(forbidden);
    expect(await invoke('print:html', { ...portal, webContentsId: 99 }, input)).toEqual(forbidden);
    expect(await invoke('print:html', { ...portal, frameUrl: 'https://evil.example/app://portal' }, input)).toEqual(
      forbidden,
    );
    expect(await invoke('print:html', { ...portal, frameUrl: 'app://portal.evil/x' }, input)).toEqual(forbidden);
    expect(await invoke('print:html', { ...portal, frameUrl: '' }, input)).toEqual(forbidden);
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses every call while there is no window', async () => {
    const dispatch = createIpcDispatcher(
      handlers(),
      { webContentsId: () => null, origin: () => APP_ORIGIN },
      silentLogger,
    );
    expect(await dispatch('app:info', portal, undefined)).toEqual({ ok: false, error: { reason: 'FORBIDDEN_SENDER' } });
  });

  it('refuses bad input with INVALID_INPUT and never calls the handler', async () => {
    const handler = vi.fn(async () => ({ copiesPrinted: 1 }));
    const { registrar, invoke } = fakeRegistrar();
    registerIpc(registrar, handlers({ printHtml: handler }), trusted, silentLogger);
    const result = await invoke('print:html', portal, { html: '', paper: '100mm', copies: 50, deviceName: null });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.reason).toBe('INVALID_INPUT');
    expect(await invoke('app:info', portal, { sneaky: true })).toMatchObject({
      ok: false,
      error: { reason: 'INVALID_INPUT' },
    });
    expect(await invoke('settings:save', portal, { serverUrl: 'file:///etc/passwd' })).toMatchObject({
      ok: false,
      error: { reason: 'INVALID_INPUT' },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses an unknown channel', async () => {
    const { registrar, invoke } = fakeRegistrar();
    registerIpc(registrar, handlers(), trusted, silentLogger);
    await expect(invoke('shell:exec', portal, 'rm -rf /')).rejects.toThrow(/No handler registered/);
    const dispatch = createIpcDispatcher(handlers(), trusted, silentLogger);
    expect(await dispatch('shell:exec', portal, 'rm -rf /')).toEqual({
      ok: false,
      error: { reason: 'UNKNOWN_CHANNEL', message: 'No channel "shell:exec"' },
    });
  });

  it('turns thrown errors into results: reason codes pass through, anything else becomes SHELL_ERROR', async () => {
    const { registrar, invoke } = fakeRegistrar();
    registerIpc(
      registrar,
      handlers({
        printHtml: async () => {
          throw new ShellError('PRINTER_NOT_FOUND', 'Printer "X" is not installed');
        },
        listPrinters: async () => {
          throw new Error('/home/agent/.config secret path');
        },
      }),
      trusted,
      silentLogger,
    );
    expect(await invoke('print:html', portal, { html: 'x', paper: 'A4', copies: 1, deviceName: 'X' })).toEqual({
      ok: false,
      error: { reason: 'PRINTER_NOT_FOUND', message: 'Printer "X" is not installed' },
    });
    expect(await invoke('printers:list', portal)).toEqual({ ok: false, error: { reason: 'SHELL_ERROR' } });
  });

  it('checks answers against the channel’s output schema', async () => {
    const { registrar, invoke } = fakeRegistrar();
    registerIpc(
      registrar,
      handlers({ canRememberSession: (async () => 'yes') as unknown as IpcHandlers['canRememberSession'] }),
      trusted,
      silentLogger,
    );
    expect(await invoke('session:can-remember', portal)).toEqual({ ok: false, error: { reason: 'SHELL_ERROR' } });
  });

  it('answers app:info only with an update mode and state the portal knows how to word', async () => {
    const answer = (value: unknown) => handlers({ getAppInfo: (() => value) as unknown as IpcHandlers['getAppInfo'] });
    for (const updateMode of ['install', 'notify', 'off']) {
      const { registrar, invoke } = fakeRegistrar();
      registerIpc(
        registrar,
        answer({ version: '0.1.0', platform: 'win32', updateAvailable: null, updateMode, updateState: 'none' }),
        trusted,
        silentLogger,
      );
      expect(await invoke('app:info', portal)).toMatchObject({ ok: true, value: { updateMode } });
    }
    for (const updateState of ['none', 'available', 'downloading', 'ready', 'error']) {
      const { registrar, invoke } = fakeRegistrar();
      registerIpc(
        registrar,
        answer({ version: '0.1.0', platform: 'win32', updateAvailable: '0.2.0', updateMode: 'install', updateState }),
        trusted,
        silentLogger,
      );
      expect(await invoke('app:info', portal)).toMatchObject({ ok: true, value: { updateState } });
    }
    for (const value of [
      { version: '0.1.0', platform: 'win32', updateAvailable: '0.2.0' },
      { version: '0.1.0', platform: 'win32', updateAvailable: '0.2.0', updateMode: 'auto', updateState: 'none' },
      { version: '0.1.0', platform: 'win32', updateAvailable: '0.2.0', updateMode: null, updateState: 'none' },
      { version: '0.1.0', platform: 'win32', updateAvailable: '0.2.0', updateMode: 'install' },
      {
        version: '0.1.0',
        platform: 'win32',
        updateAvailable: '0.2.0',
        updateMode: 'install',
        updateState: 'installed',
      },
    ]) {
      const { registrar, invoke } = fakeRegistrar();
      registerIpc(registrar, answer(value), trusted, silentLogger);
      expect(await invoke('app:info', portal)).toEqual({ ok: false, error: { reason: 'SHELL_ERROR' } });
    }
  });

  it('trusts the Vite dev server origin when that is the app origin', async () => {
    const dispatch = createIpcDispatcher(
      handlers(),
      { webContentsId: () => WINDOW_ID, origin: () => 'http://localhost:5173' },
      silentLogger,
    );
    expect(await dispatch('app:info', { ...portal, frameUrl: 'http://localhost:5173/login' }, undefined)).toMatchObject(
      { ok: true },
    );
    expect(await dispatch('app:info', { ...portal, frameUrl: 'http://localhost:5174/login' }, undefined)).toMatchObject(
      { ok: false },
    );
  });
});
