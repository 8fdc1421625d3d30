/**
 * The IPC channel names between the portal (renderer) and the desktop shell,
 * one per method of window.agentPortal, and the shell's plain value lists.
 * ../ipc.ts builds IPC_CHANNELS (each channel's input and output schemas)
 * on these names; the preload, which must bundle no zod, reads them here.
 */
export const IPC_CHANNEL_NAMES = {
  getDeviceInfo: 'device:get-info',
  getSession: 'session:get',
  saveSession: 'session:save',
  clearSession: 'session:clear',
  canRememberSession: 'session:can-remember',
  getSettings: 'settings:get',
  saveSettings: 'settings:save',
  listPrinters: 'printers:list',
  printHtml: 'print:html',
  printToPdf: 'print:pdf',
  getAppInfo: 'app:info',
  pingServer: 'server:ping',
} as const;
export type IpcMethod = keyof typeof IPC_CHANNEL_NAMES;

export const PAPER_SIZES = ['58mm', '80mm', 'A4'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/**
 * What the shell's updater may do on this PC (electron/main/services/update-policy.ts):
 * install: downloads a newer version and installs it when the app closes;
 * notify: only announces a newer version (support installs it by hand);
 * off: no valid feed, nothing is ever checked.
 */
export const UPDATE_MODES = ['install', 'notify', 'off'] as const;
export type UpdateMode = (typeof UPDATE_MODES)[number];

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
export type UpdateState = (typeof UPDATE_STATES)[number];

/**
 * How the shell keeps a remembered session on this computer (electron/main/services/secret-vault.ts):
 * os-key-store: encrypted with the operating system's key store;
 * fixed-key: Linux without a key ring (safeStorage "basic_text"): encrypted with a key
 *   anyone can know, so only the file's permissions really protect it;
 * file-only: not encrypted (no safeStorage, or Linux's backend "unknown"): only the
 *   file's permissions protect it.
 */
export const SESSION_PROTECTIONS = ['os-key-store', 'fixed-key', 'file-only'] as const;
export type SessionProtection = (typeof SESSION_PROTECTIONS)[number];

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
