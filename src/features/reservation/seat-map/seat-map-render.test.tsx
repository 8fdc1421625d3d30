/**
 * A click must not re-render every seat: each seat formats its fare once per
 * render, so counting formatFare calls counts seat renders.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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
