import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { IpcRegistrar } from '../ipc/register-ipc';
import type { SenderInfo } from '../ipc/sender-guard';

/** What the guard needs to know about the frame behind an invoke. */
export function senderInfo(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  if (!frame || frame.isDestroyed() || frame.detached)
    return { webContentsId: event.sender.id, isTopFrame: false, frameUrl: '' };
  return { webContentsId: event.sender.id, isTopFrame: frame.parent === null, frameUrl: frame.url };
}

export const ipcMainRegistrar: IpcRegistrar = {
  handle(channel, listener) {
    ipcMain.handle(channel, (event, input: unknown) => listener(senderInfo(event), input));
  },
};
