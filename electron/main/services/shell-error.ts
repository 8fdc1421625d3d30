import type { ShellErrorReason } from '@agent-portal/contract';

/**
 * An error with a reason code the portal localises. Services throw it; the
 * IPC layer turns it into `{ ok: false, error: { reason, message } }`.
 */
export class ShellError extends Error {
  readonly reason: ShellErrorReason | string;

  constructor(reason: ShellErrorReason | string, message?: string) {
    super(message ?? reason);
    this.name = 'ShellError';
    this.reason = reason;
  }
}

export function isShellError(error: unknown): error is ShellError {
  return error instanceof ShellError;
}
