/**
 * A small time-bounded memo for data that changes rarely and only by the
 * operator (trip stops and layouts, fare tables, agent settings, names):
 * the selling hot path reads it on every call, and SQLite round trips
 * through the query builder are what a sale spends most of its time on.
 *
 * Only finished loads are shared. A pending load is never handed to a
 * second caller: the loader runs on its caller's database handle, and a
 * caller inside a transaction (which holds the one SQLite connection)
 * waiting on a load queued outside it would wait forever.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
    /** Milliseconds now: a service passes its clock's, so tests move expiry with the clock instead of waiting. */
    private readonly nowMs: () => number = Date.now,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > this.nowMs()) return hit.value;
    const value = await load();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: this.nowMs() + this.ttlMs });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
