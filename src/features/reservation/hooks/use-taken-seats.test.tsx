/**
 * A seat this counter picked but another counter took first (the live stream, a poll or a refresh shows it sold)
 * leaves the selection with a notice naming it, in English and Bengali; the counter's own sale in flight does not.
 */
import type { TripDetails } from '@agent-portal/contract';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { bindNotifications } from '../../../lib/notify/notifier';
import { captureNotices } from '../../../test/notices';
import { draft } from '../state/draft-store';
import { details } from '../test-support/trip-fixtures';
import { useTakenSeats } from './use-taken-seats';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  draft.reset();
  bindNotifications(null);
  await changeLanguage('en');
});

/** The fixture's map with these seats sold (A4 is sold already). */
function soldAlso(...names: string[]): TripDetails {
  return {
    ...details,
    decks: details.decks.map((deck) => ({
      ...deck,
      cells: deck.cells.map((cell) =>
        cell.seat && names.includes(cell.seat.name) ? { ...cell, seat: { ...cell.seat, status: 1 as const } } : cell,
      ),
    })),
  };
}

describe('useTakenSeats', () => {
  it.each<['en' | 'bn', string]>([
    ['en', 'Seat A2 was just taken at another counter and has left your selection.'],
    ['bn', 'আসন A2 এইমাত্র অন্য কাউন্টারে নেওয়া হয়েছে, তাই আপনার বাছাই থেকে সরানো হলো।'],
  ])('drops a picked seat shown sold and names it (%s)', async (language, text) => {
    await changeLanguage(language);
    const notices = captureNotices();
    draft.adopt(['A1', 'A2'], '2026-03-10T04:05:00.000Z');
    const { rerender } = renderHook(({ shown }) => useTakenSeats(shown, false), { initialProps: { shown: details } });
    expect(notices).toEqual([]);
    rerender({ shown: soldAlso('A2') });
    expect([...draft.get().selected]).toEqual(['A1']);
    expect(notices).toEqual([{ kind: 'warning', text }]);
  });

  it('drops a seat whose lock is still in flight, and names every seat taken', () => {
    const notices = captureNotices();
    draft.adopt(['A1'], null);
    draft.startPending('A3');
    renderHook(() => useTakenSeats(soldAlso('A1', 'A3'), false));
    expect(draft.get().selected.size + draft.get().pending.size).toBe(0);
    expect(notices.map((n) => n.text)).toEqual([
      'Seats A1, A3 were just taken at another counter and have left your selection.',
    ]);
  });

  it("leaves the selection alone while this counter's own sale is being placed", () => {
    const notices = captureNotices();
    draft.adopt(['A1'], null);
    renderHook(() => useTakenSeats(soldAlso('A1'), true));
    expect([...draft.get().selected]).toEqual(['A1']);
    expect(notices).toEqual([]);
  });
});
