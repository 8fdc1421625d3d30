import { describe, expect, it } from 'vitest';
import { businessTwoByOne, seatsOf, standardTwoByTwo, twoDeckSleeper } from '../../src/domain/seat-layouts';
import { isPartialSegment, isValidSegment, segmentsOverlap } from '../../src/domain/segments';
import { fineBandFor, fineMinor, type FineBand } from '../../src/domain/cancellation';
import { bookingExpiry, isValidExtension } from '../../src/domain/booking';
import { allowedActions, checkAction } from '../../src/domain/ticket-actions';

describe('seat layouts', () => {
  it('draws a 41-seat 2+2 coach with unique names, an aisle, a driver and a door', () => {
    const layout = standardTwoByTwo();
    const seats = seatsOf(layout);
    expect(seats).toHaveLength(41);
    expect(new Set(seats.map((s) => s.name)).size).toBe(41);
    const kinds = layout.decks[0].cells.map((c) => c.kind);
    expect(kinds).toContain('DRIVER');
    expect(kinds).toContain('DOOR');
    expect(kinds).toContain('AISLE');
  });

  it('draws a 28-seat business 2+1 coach', () => {
    expect(seatsOf(businessTwoByOne()).every((s) => s.seatType === 'Business')).toBe(true);
    expect(seatsOf(businessTwoByOne())).toHaveLength(28);
  });

  it('draws a 60-berth two-deck sleeper whose berths span two rows and never overlap', () => {
    const layout = twoDeckSleeper();
    expect(layout.decks.map((d) => d.deck)).toEqual(['LOWER', 'UPPER']);
    expect(seatsOf(layout)).toHaveLength(60);
    for (const deck of layout.decks) {
      const taken = new Set<string>();
      for (const c of deck.cells) {
        for (let r = c.row; r < c.row + c.rowSpan; r += 1)
          for (let k = c.col; k < c.col + c.colSpan; k += 1) {
            const key = `${r}:${k}`;
            expect(taken.has(key), `${deck.deck} cell ${key} drawn twice`).toBe(false);
            expect(r).toBeLessThan(deck.rows);
            expect(k).toBeLessThan(deck.cols);
            taken.add(key);
          }
      }
    }
    expect(layout.decks[0].cells.some((c) => c.kind === 'SEAT' && c.rowSpan === 2)).toBe(true);
  });
});

describe('segments', () => {
  it('lets one seat be sold on consecutive legs but not on overlapping ones', () => {
    expect(segmentsOverlap({ fromIndex: 0, toIndex: 1 }, { fromIndex: 1, toIndex: 2 })).toBe(false);
    expect(segmentsOverlap({ fromIndex: 0, toIndex: 2 }, { fromIndex: 1, toIndex: 2 })).toBe(true);
    expect(segmentsOverlap({ fromIndex: 1, toIndex: 2 }, { fromIndex: 0, toIndex: 3 })).toBe(true);
  });
  it('knows valid and partial segments', () => {
    expect(isValidSegment({ fromIndex: 2, toIndex: 1 }, 3)).toBe(false);
    expect(isValidSegment({ fromIndex: 0, toIndex: 3 }, 3)).toBe(false);
    expect(isPartialSegment({ fromIndex: 0, toIndex: 2 }, 3)).toBe(false);
    expect(isPartialSegment({ fromIndex: 0, toIndex: 1 }, 3)).toBe(true);
  });
});

describe('cancellation fines', () => {
  const bands: FineBand[] = [
    { minHours: 48, percent: 10 },
    { minHours: 24, percent: 25 },
    { minHours: 6, percent: 50 },
  ];
  it.each([
    [100, 10],
    [48, 10],
    [47.99, 25],
    [24, 25],
    [23.99, 50],
    [6, 50],
  ])('at %s hours before boarding keeps %s%%', (hours, percent) => {
    expect(fineBandFor(hours, bands)?.percent).toBe(percent);
  });
  it('closes cancelling under 6 hours', () => {
    expect(fineBandFor(5.99, bands)).toBeNull();
  });
  it('rounds the fine to the paisa', () => {
    expect(fineMinor(123_45, { minHours: 0, percent: 25 })).toBe(3086);
  });
});

describe('booking expiry', () => {
  const boarding = new Date('2026-12-01T10:00:00Z');
  it('holds 30 minutes when departure is far', () => {
    const now = new Date('2026-12-01T06:00:00Z');
    expect(bookingExpiry(now, boarding, 30, 60)?.toISOString()).toBe('2026-12-01T06:30:00.000Z');
  });
  it('stops at departure minus 60 minutes', () => {
    const now = new Date('2026-12-01T08:45:00Z');
    expect(bookingExpiry(now, boarding, 30, 60)?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });
  it('refuses inside the last 60 minutes', () => {
    expect(bookingExpiry(new Date('2026-12-01T09:00:00Z'), boarding, 30, 60)).toBeNull();
  });
  it('accepts an extension up to departure minus 60 minutes only', () => {
    const now = new Date('2026-12-01T06:00:00Z');
    expect(isValidExtension(now, new Date('2026-12-01T09:00:00Z'), boarding, 60)).toBe(true);
    expect(isValidExtension(now, new Date('2026-12-01T09:00:01Z'), boarding, 60)).toBe(false);
    expect(isValidExtension(now, new Date('2026-12-01T05:59:00Z'), boarding, 60)).toBe(false);
  });
});

describe('ticket actions', () => {
  const all = new Set([
    'AGENT_CONFIRM_BOOKING',
    'AGENT_CANCEL_RESERVATION',
    'AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION',
    'AGENT_CANCEL_BOOKING',
    'AGENT_PARTIALLY_CANCEL_BOOKED_RESERVATION',
    'AGENT_EXTEND_BOOKING_TIME',
    'AGENT_CONFIRM_LINKED',
    'AGENT_CANCEL_LINKED',
  ]);
  it('allows each row of the table', () => {
    expect(checkAction(1, 2, all, false).ok).toBe(true);
    expect(checkAction(2, 1, all, false).ok).toBe(true);
    expect(checkAction(2, 1, all, true).ok).toBe(true);
    expect(checkAction(4, 3, all, false).ok).toBe(true);
    expect(checkAction(5, 2, all, false).ok).toBe(true);
    expect(checkAction(5, 13, all, false).ok).toBe(true);
    expect(checkAction(6, 2, all, false).ok).toBe(true);
    expect(checkAction(8, 3, all, false).ok).toBe(true);
    expect(checkAction(9, 13, all, false).ok).toBe(true);
  });
  it('answers RESERVATION_NOT_CANCELLABLE for a cancel on a wrong status, NOT_PERMITTED otherwise', () => {
    expect(checkAction(2, 5, all, false)).toEqual({ ok: false, reason: 'RESERVATION_NOT_CANCELLABLE' });
    expect(checkAction(5, 1, all, false)).toEqual({ ok: false, reason: 'RESERVATION_NOT_CANCELLABLE' });
    expect(checkAction(1, 1, all, false)).toEqual({ ok: false, reason: 'NOT_PERMITTED' });
    expect(checkAction(6, 13, all, false)).toEqual({ ok: false, reason: 'NOT_PERMITTED' });
    expect(checkAction(3, 2, all, false)).toEqual({ ok: false, reason: 'NOT_PERMITTED' });
  });
  it('answers PERMISSION_DENIED without the permission, and needs the partial permission for some seats', () => {
    const onlyFull = new Set(['AGENT_CANCEL_RESERVATION']);
    expect(checkAction(2, 1, onlyFull, true)).toEqual({ ok: false, reason: 'PERMISSION_DENIED' });
    expect(checkAction(2, 1, new Set(['AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION']), false)).toEqual({
      ok: false,
      reason: 'PERMISSION_DENIED',
    });
    expect(checkAction(5, 13, new Set(['AGENT_CANCEL_BOOKING']), false)).toEqual({
      ok: false,
      reason: 'PERMISSION_DENIED',
    });
  });
  it('lists the allowed actions per status and permissions', () => {
    expect(allowedActions(2, all).sort()).toEqual([1, 5, 6]);
    expect(allowedActions(1, all)).toEqual([2]);
    expect(allowedActions(5, all)).toEqual([]);
    expect(allowedActions(2, new Set(['AGENT_CONFIRM_BOOKING']))).toEqual([1]);
  });
});
