/**
 * A click must not re-render every seat: each seat formats its fare once per
 * render, so counting formatFare calls counts seat renders.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatFare } from './format-number';
import { renderSeatMap } from './test-support/render-seat-map';
import { sleeperCoach } from './test-support/coach-fixtures';

vi.mock('./format-number', async (importOriginal) => {
  const original = await importOriginal<typeof import('./format-number')>();
  return { ...original, formatFare: vi.fn(original.formatFare) };
});

describe('SeatMap rendering', () => {
  it('re-renders only the seats a click changes on a 60-berth coach', async () => {
    const user = userEvent.setup();
    await renderSeatMap({ ...sleeperCoach(), onToggle: () => {}, onInspect: () => {} });
    const renders = vi.mocked(formatFare);
    expect(renders).toHaveBeenCalledTimes(60);

    renders.mockClear();
    await user.click(screen.getByRole('button', { name: /^Seat U14,/ }));
    // The clicked seat (now selected and the tab stop) and the previous tab stop (L1).
    expect(renders.mock.calls.length).toBeLessThanOrEqual(3);

    renders.mockClear();
    await user.click(screen.getByRole('button', { name: /^Seat U14,/ }));
    expect(renders.mock.calls.length).toBeLessThanOrEqual(1);
  });
});

describe('SeatMap after a click', () => {
  it('leaves no frame or timer running once it is gone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const view = await renderSeatMap({ ...sleeperCoach(), onToggle: () => {}, onInspect: () => {} });
      // antd's Modal keeps every click's position for 100 ms: one timer per click, not the map's.
      fireEvent.click(document.body);
      const perClick = vi.getTimerCount();
      // The click's tab-stop move waits for the next paint; the screen closes before that paint.
      fireEvent.click(screen.getByRole('button', { name: /^Seat U14,/ }));
      expect(vi.getTimerCount()).toBeGreaterThan(2 * perClick);
      view.unmount();
      // Before the fix, a frame callback stayed queued and updated the unmounted map's state
      // (in a torn-down test environment: "window is not defined").
      expect(vi.getTimerCount()).toBe(2 * perClick);
    } finally {
      vi.useRealTimers();
    }
  });
});
