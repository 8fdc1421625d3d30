import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useValueAfterPaint } from './after-next-paint';

describe('useValueAfterPaint', () => {
  it('shows a new value only once the frame of the change has been painted', async () => {
    const { result, rerender } = renderHook(({ value }) => useValueAfterPaint(value), { initialProps: { value: 'A1' } });
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
});
