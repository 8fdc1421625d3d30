/**
 * The IPC channel table between the portal (renderer) and the desktop shell.
 * The preload exposes exactly one method per channel on window.agentPortal,
 * named by `method`; main validates every input with `input` and answers an
 * IpcResult, never a thrown error.
 */
import { z } from 'zod';
import { deviceStatusSchema, deviceTypeSchema } from './enums';

export const PAPER_SIZES = ['58mm', '80mm', 'A4'] as const;
export const paperSizeSchema = z.enum(PAPER_SIZES);
export type PaperSize = z.infer<typeof paperSizeSchema>;

export const ipcErrorSchema = z.object({
  /** A reason code the portal localises (e.g. PRINTER_NOT_FOUND). */
  reason: z.string(),
  message: z.string().optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export const deviceInfoSchema = z.object({
  deviceId: z.string(),
  deviceType: deviceTypeSchema,
  /** Generated once per installation and kept. */
  uuid: z.string(),
  status: deviceStatusSchema.nullable(),
  licenceKey: z.string().nullable(),
  /** The last registration error, e.g. MOBILE_DEVICE_REGISTRATION_FAILED. */
  registrationError: z.string().nullable(),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

/**
 * The session values (spec section 3) kept across reloads: token, company,
 * remember me, and who signed in from which device: the username, the device
 * id and type (null in a plain browser, which is no registered device) and the
 * installation's uuid sent with the sign-in. The last four are optional so a
 * session stored before they were kept still loads.
 */
export const storedSessionSchema = z.object({
  token: z.string().min(1),
  companyId: z.number().int().positive().nullable(),
  rememberMe: z.boolean(),
  user: z.string().min(1).nullable().optional(),
  deviceId: z.string().min(1).nullable().optional(),
  deviceType: deviceTypeSchema.nullable().optional(),
  uuid: z.string().min(1).nullable().optional(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

export const printerSettingsSchema = z.object({
  /** The printer's system name (PrinterInfo.name); null means the system default. */
  deviceName: z.string().nullable(),
  paper: paperSizeSchema,
  copies: z.number().int().min(1).max(5),
  autoPrintAfterSale: z.boolean(),
});
export type PrinterSettings = z.infer<typeof printerSettingsSchema>;

export const shellSettingsSchema = z.object({
  serverUrl: z.url({ protocol: /^https?$/ }),
  language: z.enum(['en', 'bn']),
  printer: printerSettingsSchema,
});
export type ShellSettings = z.infer<typeof shellSettingsSchema>;

export const printerInfoSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  isDefault: z.boolean(),
});
export type PrinterInfo = z.infer<typeof printerInfoSchema>;

export const printJobSchema = z.object({
  /** A complete HTML document (fonts embedded), rendered with scripts off. */
  html: z.string().min(1).max(5_000_000),
  paper: paperSizeSchema,
  copies: z.number().int().min(1).max(5),
  deviceName: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

export const serverPingSchema = z.union([
  z.object({ ok: z.literal(true), version: z.string() }),
  z.object({ ok: z.literal(false), problem: z.enum(['UNREACHABLE', 'TIMEOUT', 'NOT_A_SERVER']) }),
]);
export type ServerPing = z.infer<typeof serverPingSchema>;

/**
 * What the shell's updater may do on this PC (electron/main/services/update-policy.ts):
 * install: downloads a newer version and installs it when the app closes;
 * notify: only announces a newer version (support installs it by hand);
 * off: no valid feed, nothing is ever checked.
 */
export const UPDATE_MODES = ['install', 'notify', 'off'] as const;
export const updateModeSchema = z.enum(UPDATE_MODES);
export type UpdateMode = z.infer<typeof updateModeSchema>;

/**
 * Where the newer version stands, as electron-updater's own events say
 * (electron/main/services/updater.ts):
 * none: nothing newer known (or updates off);
 * available: notify only: a newer version was found, it is not downloaded;
 * downloading: install: found (update-available) and downloading, not yet installable;
 * ready: install: downloaded and verified (update-downloaded), installs when the app closes;
 * error: the last check or download failed (with updateAvailable: that version could
 * not be downloaded; without: no check succeeded); the next check tries again.
 */
export const UPDATE_STATES = ['none', 'available', 'downloading', 'ready', 'error'] as const;
export const updateStateSchema = z.enum(UPDATE_STATES);
export type UpdateState = z.infer<typeof updateStateSchema>;

/**
 * How the shell keeps a remembered session on this computer (electron/main/services/secret-vault.ts):
 * os-key-store: encrypted with the operating system's key store;
 * fixed-key: Linux without a key ring (safeStorage "basic_text"): encrypted with a key
 *   anyone can know, so only the file's permissions really protect it;
 * file-only: not encrypted (no safeStorage, or Linux's backend "unknown"): only the
 *   file's permissions protect it.
 */
export const SESSION_PROTECTIONS = ['os-key-store', 'fixed-key', 'file-only'] as const;
export const sessionProtectionSchema = z.enum(SESSION_PROTECTIONS);
export type SessionProtection = z.infer<typeof sessionProtectionSchema>;

export const appInfoSchema = z.object({
  version: z.string(),
  platform: z.string(),
  /** The newer version on the feed, or null (always null when updateMode is off). */
  updateAvailable: z.string().nullable(),
  updateMode: updateModeSchema,
  updateState: updateStateSchema,
  /** How a remembered session is kept; absent from a shell older than this field. */
  sessionProtection: sessionProtectionSchema.optional(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const IPC_CHANNELS = {
  getDeviceInfo: { channel: 'device:get-info', input: z.void(), output: deviceInfoSchema },
  getSession: { channel: 'session:get', input: z.void(), output: storedSessionSchema.nullable() },
  saveSession: { channel: 'session:save', input: storedSessionSchema, output: z.object({ persisted: z.boolean() }) },
  clearSession: { channel: 'session:clear', input: z.void(), output: z.void() },
  /** Whether "remember me" is offered: the shell always keeps a remembered session (see sessionProtection). */
  canRememberSession: { channel: 'session:can-remember', input: z.void(), output: z.boolean() },
  getSettings: { channel: 'settings:get', input: z.void(), output: shellSettingsSchema },
  saveSettings: { channel: 'settings:save', input: shellSettingsSchema.partial(), output: shellSettingsSchema },
  listPrinters: { channel: 'printers:list', input: z.void(), output: z.array(printerInfoSchema) },
  printHtml: { channel: 'print:html', input: printJobSchema, output: z.object({ copiesPrinted: z.number().int() }) },
  printToPdf: {
    channel: 'print:pdf',
    input: printJobSchema.pick({ html: true, paper: true }),
    output: z.object({ pdfBase64: z.string() }),
  },
  getAppInfo: {
    channel: 'app:info',
    input: z.void(),
    output: appInfoSchema,
  },
  /**
   * "Test connection" for a candidate server address. The shell asks, not the
   * page: the page's CSP lets it reach only the server in force.
   */
  pingServer: {
    channel: 'server:ping',
    input: z.object({ url: z.url({ protocol: /^https?$/ }) }),
    output: serverPingSchema,
  },
} as const;

export type IpcChannels = typeof IPC_CHANNELS;
export type IpcMethod = keyof IpcChannels;

/** What the preload puts on window.agentPortal: one method per channel. */
export type AgentPortalBridge = {
  [K in IpcMethod]: z.input<IpcChannels[K]['input']> extends void
    ? () => Promise<IpcResult<z.infer<IpcChannels[K]['output']>>>
    : (input: z.input<IpcChannels[K]['input']>) => Promise<IpcResult<z.infer<IpcChannels[K]['output']>>>;
};

/**
 * Reason codes the desktop shell answers in IpcResult errors, next to the
 * server's reasons (e.g. MOBILE_DEVICE_REGISTRATION_FAILED). The portal
 * localises each one.
 */
export const SHELL_ERROR_REASONS = [
  /** The chosen printer is not (or no longer) installed; no printer at all for the system default. */
  'PRINTER_NOT_FOUND',
  /** The printer did not accept the job in time (switched off, unplugged, driver hung). */
  'PRINT_TIMEOUT',
  /** The print system refused or cancelled the job; `message` carries its words. */
  'PRINT_FAILED',
  /** The call's input did not match the channel's schema. */
  'INVALID_INPUT',
  /** The call did not come from the portal's own top frame. */
  'FORBIDDEN_SENDER',
  /** No such channel. */
  'UNKNOWN_CHANNEL',
  /** Anything else went wrong inside the shell; details are in the shell's log. */
  'SHELL_ERROR',
] as const;
export type ShellErrorReason = (typeof SHELL_ERROR_REASONS)[number];
