import { hasOrigin } from '../security/origin';

/** What the IPC adapter learns about the frame behind a call. */
export interface SenderInfo {
  /** The webContents the call came from. */
  webContentsId: number;
  /** False when the frame has no parent-less position (an iframe) or is gone. */
  isTopFrame: boolean;
  /** The frame's current URL, '' when the frame is gone. */
  frameUrl: string;
}

export interface TrustedSender {
  webContentsId: () => number | null;
  origin: () => string;
}

/** Only the portal's own top frame, in our window, on our origin, may call the shell. */
export function isTrustedSender(sender: SenderInfo, trusted: TrustedSender): boolean {
  const id = trusted.webContentsId();
  return (
    id !== null && sender.webContentsId === id && sender.isTopFrame && hasOrigin(sender.frameUrl, trusted.origin())
  );
}
