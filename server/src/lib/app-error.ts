import type { Reason } from '@agent-portal/contract';

/**
 * A refusal the caller should see: a reason code of the contract, an
 * optional message and details. The error handler turns it into
 * {reason, message?, details?} with httpStatusOf(reason).
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly reason: Reason,
    readonly details?: Record<string, unknown>,
    message?: string,
    options?: { cause?: unknown },
  ) {
    super(message ?? reason, options);
    this.publicMessage = message;
  }

  /** Shown to the client; the reason code alone when absent. */
  readonly publicMessage: string | undefined;
}

/** A 400 VALIDATION_FAILED with field errors, as zod failures answer. */
export function fieldError(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION_FAILED', { fields }, 'Some fields are invalid');
}
