import { describe, expect, it } from 'vitest';
import { FreshRead } from '../src/lib/fresh-read';

/** A read whose answer is the value stored when it BEGINS, finishing when the test says. */
function controlledStore() {
  let value = 0;
  const pending: { resolve: (v: number) => void; reject: (e: unknown) => void; seen: number }[] = [];
  return {
    set: (v: number) => (value = v),
    readNow: () =>
      new Promise<number>((resolve, reject) => {
        pending.push({ resolve, reject, seen: value });
      }),
    finishNext: () => {
      const p = pending.shift()!;
      p.resolve(p.seen);
    },
    failNext: (error: unknown) => pending.shift()!.reject(error),
    get begun() {
      return pending.length;
    },
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('a read shared by the callers that ask together, never older than the call', () => {
  it('callers during a running read share the next one, which sees a change made after the running one began', async () => {
    const store = controlledStore();
    const reads = new FreshRead(store.readNow);
    const first = reads.read();
    expect(store.begun).toBe(1);
    // A revocation commits while the first read runs: the callers after it must see it.
    store.set(7);
    const second = reads.read();
    const third = reads.read();
    expect(third).toBe(second);
    expect(store.begun).toBe(1);
    store.finishNext();
    expect(await first).toBe(0);
    await settle();
    expect(store.begun).toBe(1);
    store.finishNext();
    expect([await second, await third]).toEqual([7, 7]);
  });

  it('a caller with nothing running begins its own read; a failed read fails only its callers', async () => {
    const store = controlledStore();
    const reads = new FreshRead(store.readNow);
    const first = reads.read();
    const second = reads.read();
    store.set(3);
    store.failNext(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    store.finishNext();
    // The queued read began once the failed one ended: after the change, which it sees.
    expect(await second).toBe(3);
    const later = reads.read();
    expect(store.begun).toBe(1);
    store.finishNext();
    expect(await later).toBe(3);
  });
});
