import type { ApiError } from '../../lib/api/api-error';

/** Reasons that mean "no answer came back": the server may or may not have acted. */
const NO_ANSWER_REASONS: ReadonlySet<string> = new Set(['SERVER_UNREACHABLE', 'REQUEST_TIMEOUT', 'NO_INTERNET_CONNECTION']);

export function isNoAnswer(error: Pick<ApiError, 'reason' | 'status'>): boolean {
  return error.status === null && NO_ANSWER_REASONS.has(error.reason);
}

/** crypto.randomUUID exists only in secure contexts; a counter PC may reach the server over plain http on the LAN. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per intended money movement. The same request sent
 * again after a call that got no answer (the server may have charged or
 * refunded already) carries the same key, so the server answers the first
 * result instead of moving the money twice. A different request, a success,
 * or a refusal the server did answer (it stores only successes) starts afresh.
 */
export class IdempotencyKeys {
  private pending: { fingerprint: string; key: string } | null = null;

  constructor(private readonly makeKey: () => string = newIdempotencyKey) {}

  keyFor(request: unknown): string {
    const fingerprint = JSON.stringify(request);
    if (this.pending?.fingerprint === fingerprint) return this.pending.key;
    this.pending = { fingerprint, key: this.makeKey() };
    return this.pending.key;
  }

  succeeded(): void {
    this.pending = null;
  }

  failed(error: Pick<ApiError, 'reason' | 'status'>): void {
    if (!isNoAnswer(error)) this.pending = null;
  }
}
