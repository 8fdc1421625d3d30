/**
 * What one click re-renders on the 60-berth two-deck sleeper, wired as the
 * reservation screen wires it (the draft store): the clicked seat and the
 * old and new tab stops; not the other deck, and not the legend until a
 * count changes. Seats format their fare once per render, the legend its
 * counts, the decks their titles: counting those counts renders.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { SeatMapPanel } from '../components/seat-map-panel';
import { draft } from '../state/draft-store';
import { formatCount, formatFare } from './format-number';
import { sleeperCoach } from './test-support/coach-fixtures';
import { seatMapI18n } from './test-support/render-seat-map';
import { deckSelectionKeys } from './seat-map';
import { indexSeats } from './seat-map-model';

vi.mock('./format-number', async (importOriginal) => {
  const original = await importOriginal<typeof import('./format-number')>();
  return { ...original, formatFare: vi.fn(original.formatFare), formatCount: vi.fn(original.formatCount) };
});

afterEach(() => draft.reset());

describe('a seat click', () => {
  it('redraws the clicked seat at once (locking), leaving the other deck and the legend alone until the lock answers', async () => {
    const i18n = await seatMapI18n();
    const t = vi.spyOn(i18n, 't');
    const coach = sleeperCoach();
    render(
      <I18nextProvider i18n={i18n}>
        <SeatMapPanel
          decks={coach.decks}
          driverSide="RIGHT"
          maxSelectable={5}
          onToggle={(name) => draft.startPending(name)}
          onInspect={() => {}}
        />
      </I18nextProvider>,
    );
    const user = userEvent.setup();
    // Put the tab stop on the upper deck first, so the next click stays on one deck.
    await user.click(screen.getByRole('button', { name: /^Seat U1,/ }));
    act(() => draft.settle('U1', true));
    const fares = vi.mocked(formatFare);
    const counts = vi.mocked(formatCount);
    fares.mockClear();
    counts.mockClear();
    t.mockClear();

    await user.click(screen.getByRole('button', { name: /^Seat U14,/ }));
    const seat = screen.getByRole('button', { name: /^Seat U14,/ });
    expect(seat).toHaveAttribute('aria-busy', 'true');
    expect(seat).toHaveClass('seat-map__seat--locking');
    // The click makes U14 the tab stop after the next paint (seat-map.tsx handleClick): counted once it has, not
    // whenever the assertion happens to run (on a loaded machine the paint came first, and the count was 3, not 2).
    await waitFor(() => expect(seat).toHaveAttribute('tabindex', '0'));
    // U14 twice (locking, then the tab stop: the press's focus does not render on its own) and U1 once (no longer
    // the tab stop).
    expect(fares.mock.calls.length).toBeLessThanOrEqual(3);
    expect(counts).not.toHaveBeenCalled();
    const deckTitles = t.mock.calls.map(([key]) => key).filter((key) => key === 'deck.LOWER');
    expect(deckTitles).toHaveLength(0);

    // The lock answers: the seat is chosen, the legend counts it.
    fares.mockClear();
    act(() => draft.settle('U14', true));
    expect(screen.getByRole('button', { name: /^Seat U14,/ })).toHaveAttribute('aria-pressed', 'true');
    expect(fares.mock.calls.length).toBeLessThanOrEqual(1);
    expect(counts).toHaveBeenCalled();
  });

  it('keys each deck by its own chosen and in-flight seats', () => {
    const index = indexSeats(sleeperCoach().decks);
    expect(deckSelectionKeys(index, 2, new Set(['U2', 'L1']), new Set(['U3']))).toEqual(['s:L1', 'p:U3,s:U2']);
    expect(deckSelectionKeys(index, 2, new Set(), new Set())).toEqual(['', '']);
  });
});
