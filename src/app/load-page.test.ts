import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, loadPage } from './load-page';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadPage', () => {
  it('gives a page chunk 120 s before it counts as failed', async () => {
    vi.useFakeTimers();
    let outcome = 'pending';
    loadPage(() => new Promise(() => undefined)).catch((error: Error) => (outcome = error.message));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toMatch(/did not load within 120000 ms/);
  });

  it('passes a loaded page through', async () => {
    const Page = () => null;
    expect(await loadPage(() => Promise.resolve(Page))).toBe(Page);
  });
});
