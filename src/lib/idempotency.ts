/**
 * One Idempotency-Key per intended money movement (a sale, a deposit request,
 * an extra weight charge and return). The same request sent again after a
 * call that got no answer, or an answer that the server failed (5xx: its
 * database busy or out of reach, a commit perhaps cut off), carries the same
 * key, so the server answers its first result instead of moving the money
 * twice; any other answer, or a different request, starts afresh.
 */
const NO_ANSWER: ReadonlySet<string> = new Set(['SERVER_UNREACHABLE', 'REQUEST_TIMEOUT', 'NO_INTERNET_CONNECTION']);

export function isNoAnswer(error: { reason: string; status: number | null }): boolean {
  return error.status === null && NO_ANSWER.has(error.reason);
}

/** crypto.randomUUID exists only in secure contexts; a counter PC may reach the server over plain http. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether the request was stored is not known from this failure: send it again under the same key. */
function mayHaveBeenStored(error: { reason: string; status: number | null }): boolean {
  return isNoAnswer(error) || (error.status !== null && error.status >= 500);
}

export class IdempotencyKeys {
  private pending: { fingerprint: string; key: string } | null = null;

  constructor(private readonly makeKey: () => string = newIdempotencyKey) {}

  keyFor(request: unknown): string {
    const fingerprint = JSON.stringify(request);
    if (this.pending?.fingerprint === fingerprint) return this.pending.key;
    this.pending = { fingerprint, key: this.makeKey() };
    return this.pending.key;
  }

  settle(error: { reason: string; status: number | null } | null): void {
    if (!error || !mayHaveBeenStored(error)) this.pending = null;
  }
}
