import { z } from 'zod';
import { DESKTOP_PRINTER_DEFAULTS, shellSettingsSchema, type ShellSettings } from '@agent-portal/contract';
import type { KeyValueStore, Logger } from './ports';

/**
 * The shell's settings: the server address, language, printer and the main
 * window's bounds, kept in electron-store under one key and validated with
 * zod on every read and write. A damaged or older store is migrated step by
 * step, then repaired field by field from the defaults, so a bad value never
 * stops the app from starting.
 */

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:3030';

export const windowBoundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(10_000),
  height: z.number().int().min(300).max(10_000),
  maximized: z.boolean(),
});
export type WindowBounds = z.infer<typeof windowBoundsSchema>;

export const storedSettingsSchema = shellSettingsSchema.extend({
  windowBounds: windowBoundsSchema.nullable(),
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

export const DEFAULT_SETTINGS: StoredSettings = {
  serverUrl: DEFAULT_SERVER_URL,
  language: 'en',
  printer: { ...DESKTOP_PRINTER_DEFAULTS },
  windowBounds: null,
};

export const SETTINGS_KEY = 'settings';
export const SETTINGS_VERSION_KEY = 'settingsVersion';
export const SETTINGS_VERSION = 2;

type Raw = Record<string, unknown>;

/**
 * migrations[n] turns a store of version n into version n + 1. Version 0 is
 * a store written before versions existed (the flat preview layout: a
 * top-level `serverAddress`, `printerName` and `paperSize`).
 */
const migrations: Record<number, (raw: Raw) => Raw> = {
  0: (raw) => {
    const { serverAddress, printerName, paperSize, ...rest } = raw;
    const printer: Raw = isRecord(rest.printer) ? { ...rest.printer } : {};
    if (printerName !== undefined) printer.deviceName = printerName;
    if (paperSize !== undefined)
      printer.paper = typeof paperSize === 'string' && /^\d+$/.test(paperSize) ? `${paperSize}mm` : paperSize;
    return { ...rest, serverUrl: rest.serverUrl ?? serverAddress, printer };
  },
  // Version 2 added autoPrintAfterSale. A version 1 store never chose, so it gets the default: a sale prints by itself.
  // A version 2 store keeps what it holds (its "off" may be the counter's choice).
  1: (raw) => ({
    ...raw,
    printer: {
      autoPrintAfterSale: DEFAULT_SETTINGS.printer.autoPrintAfterSale,
      ...(isRecord(raw.printer) ? raw.printer : {}),
    },
  }),
};

export function migrateSettings(raw: unknown, fromVersion: number): Raw {
  let current: Raw = isRecord(raw) ? { ...raw } : {};
  for (let version = Math.max(0, fromVersion); version < SETTINGS_VERSION; version++) {
    const step = migrations[version];
    if (step) current = step(current);
  }
  return current;
}

/** Keeps every valid field of `raw` and takes the default for each invalid or missing one. */
export function repairSettings(raw: Raw): { settings: StoredSettings; repaired: string[] } {
  const repaired: string[] = [];
  const pick = <T>(name: string, schema: z.ZodType<T>, value: unknown, fallback: T): T => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    if (value !== undefined) repaired.push(name);
    return fallback;
  };
  const printerRaw = isRecord(raw.printer) ? raw.printer : {};
  const printerShape = storedSettingsSchema.shape.printer.shape;
  const settings: StoredSettings = {
    serverUrl: normaliseServerUrl(
      pick('serverUrl', storedSettingsSchema.shape.serverUrl, raw.serverUrl, DEFAULT_SETTINGS.serverUrl),
    ),
    language: pick('language', storedSettingsSchema.shape.language, raw.language, DEFAULT_SETTINGS.language),
    printer: {
      deviceName: pick(
        'printer.deviceName',
        printerShape.deviceName,
        printerRaw.deviceName,
        DEFAULT_SETTINGS.printer.deviceName,
      ),
      paper: pick('printer.paper', printerShape.paper, printerRaw.paper, DEFAULT_SETTINGS.printer.paper),
      copies: pick('printer.copies', printerShape.copies, printerRaw.copies, DEFAULT_SETTINGS.printer.copies),
      autoPrintAfterSale: pick(
        'printer.autoPrintAfterSale',
        printerShape.autoPrintAfterSale,
        printerRaw.autoPrintAfterSale,
        DEFAULT_SETTINGS.printer.autoPrintAfterSale,
      ),
    },
    windowBounds: pick('windowBounds', storedSettingsSchema.shape.windowBounds, raw.windowBounds, null),
  };
  return { settings, repaired };
}

/** One spelling per address, so "http://host:3030/" and "http://host:3030" are the same server. */
export function normaliseServerUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

export type SettingsListener = (next: ShellSettings, previous: ShellSettings) => void;

export class SettingsService {
  private current: StoredSettings;
  private readonly listeners = new Set<SettingsListener>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly logger: Logger,
  ) {
    this.current = this.load();
  }

  /** The settings the portal sees (window bounds stay inside the shell). */
  get(): ShellSettings {
    const { windowBounds: _bounds, ...settings } = this.current;
    return structuredClone(settings);
  }

  /** Applies a validated partial update; a nested `printer` replaces the whole printer block. */
  update(patch: Partial<ShellSettings>): ShellSettings {
    const previous = this.get();
    const candidate = { ...this.current, ...patch };
    const parsed = storedSettingsSchema.parse(candidate);
    this.current = { ...parsed, serverUrl: normaliseServerUrl(parsed.serverUrl) };
    this.persist();
    const next = this.get();
    for (const listener of this.listeners) {
      try {
        listener(next, previous);
      } catch (error) {
        this.logger.error('settings listener failed', { error: String(error) });
      }
    }
    return next;
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getWindowBounds(): WindowBounds | null {
    return this.current.windowBounds ? { ...this.current.windowBounds } : null;
  }

  saveWindowBounds(bounds: WindowBounds): void {
    const parsed = windowBoundsSchema.safeParse(bounds);
    if (!parsed.success) return;
    this.current = { ...this.current, windowBounds: parsed.data };
    this.persist();
  }

  private load(): StoredSettings {
    const raw = this.store.get(SETTINGS_KEY);
    const storedVersion = this.store.get(SETTINGS_VERSION_KEY);
    const version =
      typeof storedVersion === 'number' && Number.isInteger(storedVersion)
        ? storedVersion
        : raw === undefined
          ? SETTINGS_VERSION
          : 0;
    const migrated = migrateSettings(raw, version);
    const { settings, repaired } = repairSettings(migrated);
    if (repaired.length > 0) this.logger.warn('settings repaired from defaults', { fields: repaired });
    if (version !== SETTINGS_VERSION || repaired.length > 0 || raw === undefined) {
      this.current = settings;
      this.persist();
    }
    return settings;
  }

  private persist(): void {
    this.store.set(SETTINGS_KEY, this.current);
    this.store.set(SETTINGS_VERSION_KEY, SETTINGS_VERSION);
  }
}

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
