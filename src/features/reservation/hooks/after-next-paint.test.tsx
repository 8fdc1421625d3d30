import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, useValueAfterPaint } from './after-next-paint';

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after the next frame', async () => {
    await expect(afterNextPaint()).resolves.toBeUndefined();
  });

  it('leaves no frame or timer behind once its signal aborts, and never resolves', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const controller = new AbortController();
    const resolved = vi.fn();
    void afterNextPaint(controller.signal).then(resolved);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    controller.abort();
    // A frame or timer that outlived its component would fire after the test environment is gone.
    expect(vi.getTimerCount()).toBe(0);
    await vi.runAllTimersAsync();
    expect(resolved).not.toHaveBeenCalled();
  });

  it('does not start when the signal has already aborted', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    void afterNextPaint(AbortSignal.abort());
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('useValueAfterPaint', () => {
  it('shows a new value only once the frame of the change has been painted', async () => {
    const { result, rerender } = renderHook(({ value }) => useValueAfterPaint(value), {
      initialProps: { value: 'A1' },
    });
    expect(result.current).toBe('A1');
    rerender({ value: 'A1,A2' });
    // The render of the change itself still shows the old value: the seat map paints first.
    expect(result.current).toBe('A1');
    await waitFor(() => expect(result.current).toBe('A1,A2'));
  });

  it('ends on the latest of several quick changes', async () => {
    const { result, rerender } = renderHook(({ value }) => useValueAfterPaint(value), { initialProps: { value: 1 } });
    rerender({ value: 2 });
    rerender({ value: 3 });
    await waitFor(() => expect(result.current).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(result.current).toBe(3);
  });

  it('schedules nothing that outlives the component', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const { rerender, unmount } = renderHook(({ value }) => useValueAfterPaint(value), { initialProps: { value: 1 } });
    rerender({ value: 2 });
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
