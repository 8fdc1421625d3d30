import { describe, expect, it } from 'vitest';
import { memoryStore, silentLogger } from './ports';
import { DEFAULT_SETTINGS, SETTINGS_KEY, SETTINGS_VERSION, SETTINGS_VERSION_KEY, SettingsService } from './settings';

describe('settings', () => {
  it('starts from the defaults and writes them with the current version: a sale prints by itself', () => {
    const store = memoryStore();
    const settings = new SettingsService(store, silentLogger);
    expect(settings.get()).toEqual({
      serverUrl: 'http://127.0.0.1:3030',
      language: 'en',
      printer: { deviceName: null, paper: '80mm', copies: 1, autoPrintAfterSale: true },
    });
    expect(store.data[SETTINGS_VERSION_KEY]).toBe(SETTINGS_VERSION);
    expect(store.data[SETTINGS_KEY]).toEqual(DEFAULT_SETTINGS);
  });

  it('validates updates, keeps them and tells listeners', () => {
    const store = memoryStore();
    const settings = new SettingsService(store, silentLogger);
    const seen: string[] = [];
    settings.onChange((next, previous) => seen.push(`${previous.serverUrl} -> ${next.serverUrl}`));

    const next = settings.update({ serverUrl: 'https://agency.example.org/', language: 'bn' });

    expect(next.serverUrl).toBe('https://agency.example.org');
    expect(next.language).toBe('bn');
    expect(seen).toEqual(['http://127.0.0.1:3030 -> https://agency.example.org']);
    expect(new SettingsService(store, silentLogger).get().language).toBe('bn');
  });

  it('refuses an invalid update and keeps the old settings', () => {
    const settings = new SettingsService(memoryStore(), silentLogger);
    expect(() => settings.update({ serverUrl: 'ftp://nope' })).toThrow();
    expect(() =>
      settings.update({ printer: { deviceName: 'EPSON_TM_T20', paper: '80mm', copies: 9, autoPrintAfterSale: true } }),
    ).toThrow();
    expect(settings.get().serverUrl).toBe('http://127.0.0.1:3030');
    expect(settings.get().printer.copies).toBe(1);
  });

  it('migrates an unversioned store (the flat preview layout)', () => {
    const store = memoryStore({
      [SETTINGS_KEY]: { serverAddress: 'http://10.0.0.5:3030/', printerName: 'XP-58', paperSize: '58', language: 'bn' },
    });
    const settings = new SettingsService(store, silentLogger);
    expect(settings.get()).toEqual({
      serverUrl: 'http://10.0.0.5:3030',
      language: 'bn',
      printer: { deviceName: 'XP-58', paper: '58mm', copies: 1, autoPrintAfterSale: true },
    });
    expect(store.data[SETTINGS_VERSION_KEY]).toBe(SETTINGS_VERSION);
    expect(store.data[SETTINGS_KEY]).not.toHaveProperty('serverAddress');
  });

  it('migrates version 1 by adding autoPrintAfterSale, on (the default)', () => {
    const store = memoryStore({
      [SETTINGS_VERSION_KEY]: 1,
      [SETTINGS_KEY]: {
        serverUrl: 'http://127.0.0.1:4000',
        language: 'en',
        printer: { deviceName: 'TM-T82', paper: '80mm', copies: 2 },
        windowBounds: null,
      },
    });
    const settings = new SettingsService(store, silentLogger);
    expect(settings.get().printer).toEqual({
      deviceName: 'TM-T82',
      paper: '80mm',
      copies: 2,
      autoPrintAfterSale: true,
    });
  });

  it('keeps a version 2 store whose auto-print is off, and lets the counter turn it off', () => {
    const store = memoryStore({
      [SETTINGS_VERSION_KEY]: 2,
      [SETTINGS_KEY]: {
        serverUrl: 'http://127.0.0.1:4000',
        language: 'en',
        printer: { deviceName: 'TM-T82', paper: '80mm', copies: 1, autoPrintAfterSale: false },
        windowBounds: null,
      },
    });
    expect(new SettingsService(store, silentLogger).get().printer.autoPrintAfterSale).toBe(false);

    const fresh = memoryStore();
    const settings = new SettingsService(fresh, silentLogger);
    settings.update({ printer: { ...settings.get().printer, autoPrintAfterSale: false } });
    expect(new SettingsService(fresh, silentLogger).get().printer.autoPrintAfterSale).toBe(false);
  });

  it('repairs a damaged store field by field instead of failing to start', () => {
    const store = memoryStore({
      [SETTINGS_VERSION_KEY]: SETTINGS_VERSION,
      [SETTINGS_KEY]: {
        serverUrl: 42,
        language: 'fr',
        printer: { deviceName: 'TM-T82', paper: 'A3', copies: 2, autoPrintAfterSale: true },
      },
    });
    const settings = new SettingsService(store, silentLogger);
    expect(settings.get()).toEqual({
      serverUrl: 'http://127.0.0.1:3030',
      language: 'en',
      printer: { deviceName: 'TM-T82', paper: '80mm', copies: 2, autoPrintAfterSale: true },
    });
  });

  it('remembers window bounds apart from the portal-visible settings', () => {
    const store = memoryStore();
    const settings = new SettingsService(store, silentLogger);
    settings.saveWindowBounds({ x: 10, y: 20, width: 1200, height: 700, maximized: true });
    settings.saveWindowBounds({ x: 10, y: 20, width: 5, height: 5, maximized: false }); // nonsense is ignored
    const reopened = new SettingsService(store, silentLogger);
    expect(reopened.getWindowBounds()).toEqual({ x: 10, y: 20, width: 1200, height: 700, maximized: true });
    expect(reopened.get()).not.toHaveProperty('windowBounds');
  });
});
