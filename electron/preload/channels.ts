import type { IpcChannels, IpcMethod } from '@agent-portal/contract';

/**
 * The channel of each bridge method, spelled out so the sandboxed preload
 * bundles no zod and no contract code (it must stay one small file). The
 * type ties it to IPC_CHANNELS: a missing, extra or misspelt channel fails
 * the type check, and channels.test.ts compares the values.
 */
export const PRELOAD_CHANNELS: { readonly [K in IpcMethod]: IpcChannels[K]['channel'] } = {
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
};
