/**
 * The IPC channel table between the portal (renderer) and the desktop shell,
 * on the channel names of plain/ipc-channels.ts.
 * The preload exposes exactly one method per channel on window.agentPortal,
 * named by `method`; main validates every input with `input` and answers an
 * IpcResult, never a thrown error.
 */
import { z } from 'zod';
import { deviceStatusSchema, deviceTypeSchema } from './enums';
import {
  IPC_CHANNEL_NAMES,
  PAPER_SIZES,
  SESSION_PROTECTIONS,
  UPDATE_MODES,
  UPDATE_STATES,
  type IpcMethod,
} from './plain/ipc-channels';

export const paperSizeSchema = z.enum(PAPER_SIZES);

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

export const updateModeSchema = z.enum(UPDATE_MODES);

export const updateStateSchema = z.enum(UPDATE_STATES);

export const sessionProtectionSchema = z.enum(SESSION_PROTECTIONS);

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
  getDeviceInfo: { channel: IPC_CHANNEL_NAMES.getDeviceInfo, input: z.void(), output: deviceInfoSchema },
  getSession: { channel: IPC_CHANNEL_NAMES.getSession, input: z.void(), output: storedSessionSchema.nullable() },
  saveSession: {
    channel: IPC_CHANNEL_NAMES.saveSession,
    input: storedSessionSchema,
    output: z.object({ persisted: z.boolean() }),
  },
  clearSession: { channel: IPC_CHANNEL_NAMES.clearSession, input: z.void(), output: z.void() },
  /** Whether "remember me" is offered: the shell always keeps a remembered session (see sessionProtection). */
  canRememberSession: { channel: IPC_CHANNEL_NAMES.canRememberSession, input: z.void(), output: z.boolean() },
  getSettings: { channel: IPC_CHANNEL_NAMES.getSettings, input: z.void(), output: shellSettingsSchema },
  saveSettings: {
    channel: IPC_CHANNEL_NAMES.saveSettings,
    input: shellSettingsSchema.partial(),
    output: shellSettingsSchema,
  },
  listPrinters: { channel: IPC_CHANNEL_NAMES.listPrinters, input: z.void(), output: z.array(printerInfoSchema) },
  printHtml: {
    channel: IPC_CHANNEL_NAMES.printHtml,
    input: printJobSchema,
    output: z.object({ copiesPrinted: z.number().int() }),
  },
  printToPdf: {
    channel: IPC_CHANNEL_NAMES.printToPdf,
    input: printJobSchema.pick({ html: true, paper: true }),
    output: z.object({ pdfBase64: z.string() }),
  },
  getAppInfo: {
    channel: IPC_CHANNEL_NAMES.getAppInfo,
    input: z.void(),
    output: appInfoSchema,
  },
  /**
   * "Test connection" for a candidate server address. The shell asks, not the
   * page: the page's CSP lets it reach only the server in force.
   */
  pingServer: {
    channel: IPC_CHANNEL_NAMES.pingServer,
    input: z.object({ url: z.url({ protocol: /^https?$/ }) }),
    output: serverPingSchema,
  },
} as const satisfies {
  [K in IpcMethod]: { channel: (typeof IPC_CHANNEL_NAMES)[K]; input: z.ZodType; output: z.ZodType };
};

export type IpcChannels = typeof IPC_CHANNELS;

/** What the preload puts on window.agentPortal: one method per channel. */
export type AgentPortalBridge = {
  [K in IpcMethod]: z.input<IpcChannels[K]['input']> extends void
    ? () => Promise<IpcResult<z.infer<IpcChannels[K]['output']>>>
    : (input: z.input<IpcChannels[K]['input']>) => Promise<IpcResult<z.infer<IpcChannels[K]['output']>>>;
};
