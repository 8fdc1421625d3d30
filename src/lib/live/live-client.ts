/**
 * The one live stream of a portal window: fetch() with the session's token in the Authorization header (EventSource
 * cannot send it), read as server-sent events. It asks first whether the server offers the stream; it reconnects
 * with backoff; a stream that stays silent for two heartbeats (a proxy that buffers it, a half-open connection) is
 * dropped and opened again; while it is not flowing the window polls (live-store's mode). Which trips it receives
 * is set per stream with a PUT of the open trips, again after every (re)connect.
 */
import { SseParser, type SseEvent } from './sse-parser';
import { backoffMs, decideTransport, type DiscoveryAnswer, type StreamOffer } from './transport';
import type { LiveMode } from './live-store';

export interface LiveClientDeps {
  /** The API's origin ('' for the page's own). */
  baseUrl: () => string;
  token: () => string | null;
  discover: () => Promise<DiscoveryAnswer>;
  subscribe: (streamId: string, tripIds: number[]) => Promise<void>;
  /** Every event but `hello`. */
  onEvent: (event: SseEvent) => void;
  /** The stream is open and subscribed: what was missed meanwhile must be fetched again. */
  onConnected: () => void;
  /** Trips newly subscribed on an open stream: their details were read before the server sent their events. */
  onSubscribed: (added: number[]) => void;
  onMode: (mode: LiveMode, pollMs?: number) => void;
  fetch?: typeof fetch;
}

export class LiveClient {
  private stopped = false;
  private controller: AbortController | null = null;
  private wake: (() => void) | null = null;
  private streamId: string | null = null;
  private trips: number[] = [];
  private subscribed: ReadonlySet<number> = new Set();
  private subscribing: Promise<void> = Promise.resolve();
  private maxTrips = Number.POSITIVE_INFINITY;

  constructor(private readonly deps: LiveClientDeps) {}

  start(): void {
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', this.dropOnOffline);
      window.addEventListener('online', this.reconnectOnOnline);
    }
    void this.run();
  }

  stop(): void {
    this.stopped = true;
    if (typeof window !== 'undefined') {
      window.removeEventListener('offline', this.dropOnOffline);
      window.removeEventListener('online', this.reconnectOnOnline);
    }
    this.controller?.abort();
    this.wake?.();
  }

  /**
   * The PC lost its network: the open stream cannot be trusted (a half-open connection says nothing until the
   * watchdog's two heartbeats), so it is dropped now; the window polls until the stream is back.
   */
  private readonly dropOnOffline = (): void => this.controller?.abort();

  /** The network is back: connect now (and read what was missed) instead of at the end of the backoff. */
  private readonly reconnectOnOnline = (): void => this.wake?.();

  /** The trips this window shows (the open trip first); sent at once when the stream is open. */
  setTrips(tripIds: readonly number[]): void {
    const next = [...new Set(tripIds)];
    if (next.length === this.trips.length && next.every((id, i) => id === this.trips[i])) return;
    this.trips = next;
    if (this.streamId) this.resubscribe(this.streamId, false);
  }

  private async run(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      const transport = decideTransport(await this.deps.discover());
      if (transport.kind === 'unsupported') {
        this.deps.onMode('poll', transport.pollMs);
        return;
      }
      if (transport.kind === 'stream') {
        const flowed = await this.open(transport.stream);
        if (flowed) attempt = 0;
      }
      this.deps.onMode('poll');
      if (this.stopped) return;
      await this.sleep(backoffMs(attempt));
      attempt += 1;
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /** One connection, until it ends, fails or goes silent; answers whether it ever said hello. */
  private async open(offer: StreamOffer): Promise<boolean> {
    const token = this.deps.token();
    if (!token) return false;
    const controller = new AbortController();
    this.controller = controller;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    // Ends the read at once, whether the body follows the signal (fetch) or not.
    controller.signal.addEventListener('abort', () => void reader?.cancel().catch(() => undefined));
    // No byte for two heartbeats: the connection is not really open (a buffering proxy, a dead peer).
    const arm = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => controller.abort(), offer.heartbeatMs * 2);
    };
    let said = false;
    arm();
    try {
      const response = await (this.deps.fetch ?? fetch)(`${this.deps.baseUrl()}${offer.path}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) return false;
      reader = response.body.getReader();
      const parser = new SseParser();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        arm();
        for (const event of parser.push(value)) {
          if (event.event === 'hello') {
            said = true;
            this.hello(event, offer);
          } else this.deps.onEvent(event);
        }
      }
    } catch {
      // Dropped, refused or called off: the loop decides what next.
    } finally {
      clearTimeout(watchdog);
      controller.abort();
      this.streamId = null;
      this.subscribed = new Set();
    }
    return said;
  }

  private hello(event: SseEvent, offer: StreamOffer): void {
    let streamId: unknown;
    try {
      streamId = (JSON.parse(event.data) as { streamId?: unknown }).streamId;
    } catch {
      streamId = undefined;
    }
    if (typeof streamId !== 'string' && typeof streamId !== 'number') return;
    this.streamId = String(streamId);
    this.maxTrips = offer.maxTrips;
    this.deps.onMode('live', offer.pollMs);
    this.resubscribe(this.streamId, true);
  }

  /** PUTs are sent one after another, so the last one the server sees is the newest list. */
  private resubscribe(streamId: string, connected: boolean): void {
    const trips = this.trips.slice(0, this.maxTrips);
    this.subscribing = this.subscribing.then(async () => {
      if (this.streamId !== streamId) return;
      try {
        await this.deps.subscribe(streamId, trips);
      } catch {
        // The stream is gone (it reconnects and subscribes again) or the server refused the list: the map polls
        // on as before the stream.
        if (!connected) return;
      }
      if (this.streamId !== streamId) return;
      const before = this.subscribed;
      this.subscribed = new Set(trips);
      if (connected) this.deps.onConnected();
      else {
        const added = trips.filter((id) => !before.has(id));
        if (added.length) this.deps.onSubscribed(added);
      }
    });
  }
}
