/**
 * A live stream as the portal reads it: fetch() with the session's token in the Authorization header, the body read
 * as it arrives and cut into server-sent events. Tests wait on what has arrived (waitFor), never on time.
 */
import type { FastifyInstance } from 'fastify';

export interface SseEvent {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export class LiveClient {
  readonly events: SseEvent[] = [];
  /** For each event, which read of the body brought it (1, 2, ...): events of one socket write come in one read. */
  readonly readOf: number[] = [];
  private reads = 0;
  /** Everything received, as text (what went over the wire). */
  raw = '';
  ended = false;
  private waiters: (() => void)[] = [];
  error?: unknown;

  private constructor(
    readonly status: number,
    private readonly abort: AbortController,
  ) {}

  /** Opens a stream on a listening app; answers the client (its status, and the error body when not 200). */
  static async open(base: string, token: string): Promise<LiveClient> {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/live/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    const client = new LiveClient(res.status, abort);
    if (res.status !== 200) {
      client.error = await res.json();
      client.ended = true;
      return client;
    }
    void client.read(res.body!);
    await client.waitFor((e) => e.name === 'hello');
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        this.reads++;
        const text = decoder.decode(chunk, { stream: true });
        this.raw += text;
        buffer += text;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name && data !== undefined) {
            this.events.push({ name, data: JSON.parse(data) });
            this.readOf.push(this.reads);
          }
        }
        this.wake();
      }
    } catch {
      // Aborted, or the server cut the connection: ended either way.
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves with the first event (from `from` on) that `match` accepts, once it has arrived. */
  async waitFor(match: (e: SseEvent) => boolean, from = 0): Promise<SseEvent> {
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended without the event; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Resolves once `text` has arrived at or after character `from` of what was received (a heartbeat, a comment). */
  async waitForText(text: string, from = 0): Promise<void> {
    while (this.raw.indexOf(text, from) < 0) {
      if (this.ended) throw new Error(`stream ended without ${JSON.stringify(text)}; got ${JSON.stringify(this.raw)}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async waitForEnd(): Promise<void> {
    while (!this.ended) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  tripEvents(tripId: number): SseEvent[] {
    return this.events.filter((e) => e.name === 'trip' && e.data.tripId === tripId);
  }

  get streamId(): string {
    return this.events.find((e) => e.name === 'hello')!.data.streamId as string;
  }

  close(): void {
    this.abort.abort();
  }
}

/** Listens on a free port of this machine (once per app); answers the base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const now = app.server.address();
  if (!now || typeof now !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${now.port}`;
}

/** PUT /api/live/streams/:streamId/trips through the listening app. */
export async function follow(base: string, token: string, streamId: string, tripIds: number[]) {
  const res = await fetch(`${base}/api/live/streams/${streamId}/trips`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tripIds }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
