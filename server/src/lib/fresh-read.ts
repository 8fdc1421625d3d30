/**
 * Shares a read among the callers that ask for it at about the same time,
 * without ever answering a caller from a read that began before it asked:
 * a caller gets the read that is queued (it has not begun, so it will see
 * everything committed before the call) or, when none is, one begun now.
 * While a read runs, callers queue one more, begun when it ends. So each
 * caller's answer is as fresh as a read of its own, and under load at most
 * two reads are ever pending instead of one per caller.
 */
export class FreshRead<T> {
  private running: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(private readonly readNow: () => Promise<T>) {}

  read(): Promise<T> {
    if (this.queued) return this.queued;
    if (!this.running) return this.begin();
    // The running read began before this call: it may miss a change committed since. Wait for the next one.
    this.queued = this.running.then(
      () => this.beginQueued(),
      () => this.beginQueued(),
    );
    return this.queued;
  }

  private beginQueued(): Promise<T> {
    this.queued = null;
    return this.begin();
  }

  private begin(): Promise<T> {
    const read = this.readNow().finally(() => {
      if (this.running === read) this.running = null;
    });
    this.running = read;
    return read;
  }
}
