/**
 * A failed call, reduced to what the portal shows: a reason code (server's
 * or one of CLIENT_REASONS), its details and any field errors.
 */
export class ApiError extends Error {
  readonly reason: string;
  readonly status: number | null;
  readonly details: Record<string, unknown> | undefined;
  readonly fieldErrors: Record<string, string>;
  /** The 401 handler already dealt with it (signed out, sent to /login). */
  sessionExpired = false;
  /** Its toast was raised (lib/notify/notifier notifyApiError): a second one would be a duplicate. */
  notified = false;

  constructor(reason: string, status: number | null, serverMessage?: string, details?: Record<string, unknown>) {
    super(serverMessage ?? reason);
    this.name = 'ApiError';
    this.reason = reason;
    this.status = status;
    this.details = details;
    this.fieldErrors = fieldErrorsOf(details);
  }
}

/** details.fields is { fieldPath: reasonOrMessage } (contract fieldErrorsSchema); anything else is ignored. */
function fieldErrorsOf(details: Record<string, unknown> | undefined): Record<string, string> {
  const fields = details?.fields;
  if (!isRecord(fields)) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fallbackReason(status: number): string {
  if (status === 401) return 'INVALID_SESSION';
  if (status === 403) return 'PERMISSION_DENIED';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status >= 500) return 'INTERNAL_SERVER_ERROR';
  return 'UNKNOWN_ERROR';
}

/** The parts of an AxiosError we read (checked by shape, so this module does not load axios). */
interface HttpFailure {
  isAxiosError: true;
  code?: string;
  response?: { status: number; data: unknown };
}

function isHttpFailure(error: unknown): error is HttpFailure {
  return isRecord(error) && error.isAxiosError === true;
}

/** The reason is read from response.data.reason; transport failures get client reasons. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!isHttpFailure(error))
    return new ApiError('UNKNOWN_ERROR', null, error instanceof Error ? error.message : undefined);
  const response = error.response;
  if (!response) {
    if (error.code && TIMEOUT_CODES.has(error.code)) return new ApiError('REQUEST_TIMEOUT', null);
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return new ApiError(offline ? 'NO_INTERNET_CONNECTION' : 'SERVER_UNREACHABLE', null);
  }
  const data: unknown = response.data;
  if (isRecord(data) && typeof data.reason === 'string') {
    return new ApiError(
      data.reason,
      response.status,
      typeof data.message === 'string' ? data.message : undefined,
      isRecord(data.details) ? data.details : undefined,
    );
  }
  return new ApiError(fallbackReason(response.status), response.status);
}
