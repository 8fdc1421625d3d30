import type { TripDetails } from '@agent-portal/contract';
import { describe, expect, it } from 'vitest';
import { applyTripEvent, decideVersion, type LiveSeatChange, type LiveTripDetails } from './trip-events';

const stop = {
  stationId: 11,
  name: 'Sayedabad',
  nameBn: 'সায়েদাবাদ',
  cityId: 1,
  cityName: 'Dhaka',
  time: '2026-03-10T09:00:00.000Z',
};
const seat = (name: string, col: number, status: 0 | 1 = 0, lockedBy: 'ME' | 'OTHER' | null = null) => ({
  kind: 'SEAT' as const,
  row: 0,
  col,
  rowSpan: 1,
  colSpan: 1,
  seat: { name, seatType: 'Business' as const, status, fare: 1320, lockedBy, pnr: null },
});

/** The map of trip 501 between stop orders 1 and 3 of its route, at version 4. */
const shown: LiveTripDetails = {
  trip: {
    tripId: 501,
    companyId: 1,
    coachCode: 'P-102',
    coachType: 'AC Business',
    routeId: 7,
    routeName: 'Dhaka - Chattogram',
    tripDate: '2026-03-10',
    state: 'OPEN',
    allowIntermediate: true,
    origin: stop,
    destination: stop,
    availableSeats: 3,
    totalSeats: 4,
    fareFrom: 1320,
  },
  driverSide: 'RIGHT',
  decks: [
    {
      deck: 'LOWER',
      rows: 1,
      cols: 4,
      cells: [seat('A1', 0), seat('A2', 1, 0, 'ME'), seat('A3', 2), seat('A4', 3, 1)],
    },
  ],
  boardingPoints: [{ ...stop, reportingTime: stop.time }],
  droppingPoints: [stop],
  arrival: stop,
  linkedCoach: null,
  fares: [{ seatType: 'Business', fare: 1320 }],
  myLocks: { seats: ['A2'], expiresAt: null },
  segment: { fromOrder: 1, toOrder: 3 },
  liveVersion: 4,
};

const change = (seatName: string, state: LiveSeatChange['state'], fromOrder = 0, toOrder = 4): LiveSeatChange => ({
  seat: seatName,
  state,
  fromOrder,
  toOrder,
});
const seatOf = (details: TripDetails, name: string) =>
  details.decks[0]!.cells.find((cell) => cell.seat?.name === name)!.seat!;
const applied = (result: ReturnType<typeof applyTripEvent>) => {
  if (result.kind !== 'applied') throw new Error(`not applied: ${result.kind}`);
  return result.details;
};

describe('decideVersion', () => {
  it('applies the next version, skips one already shown, and calls a jump a gap', () => {
    expect(decideVersion(4, 5)).toBe('apply');
    expect(decideVersion(4, 4)).toBe('stale');
    expect(decideVersion(4, 2)).toBe('stale');
    expect(decideVersion(4, 6)).toBe('gap');
  });

  it('applies the first event when nothing tells the shown version (events set states, so a repeat is harmless)', () => {
    expect(decideVersion(undefined, 9)).toBe('apply');
  });
});

describe('applyTripEvent', () => {
  it("shows another counter's lock, a sale and a release of the next version on the open segment", () => {
    const locked = applied(applyTripEvent(shown, { tripId: 501, version: 5, seats: [change('A1', 'LOCKED')] }));
    expect(seatOf(locked, 'A1')).toMatchObject({ status: 0, lockedBy: 'OTHER' });
    expect(locked.liveVersion).toBe(5);
    const sold = applied(applyTripEvent(locked, { tripId: 501, version: 6, seats: [change('A1', 'SOLD', 1, 2)] }));
    expect(seatOf(sold, 'A1')).toMatchObject({ status: 1, lockedBy: null });
    const freed = applied(applyTripEvent(sold, { tripId: 501, version: 7, seats: [change('A1', 'FREE', 0, 3)] }));
    expect(seatOf(freed, 'A1')).toMatchObject({ status: 0, lockedBy: null });
    // The rest of the map is untouched.
    expect(seatOf(freed, 'A4')).toBe(seatOf(shown, 'A4'));
  });

  it("frees a lock that ran out (the server raises its lapse FREE with the trip's next version), anyone's", () => {
    const locked = applied(applyTripEvent(shown, { tripId: 501, version: 5, seats: [change('A1', 'LOCKED')] }));
    const lapsed = applied(
      applyTripEvent(locked, { tripId: 501, version: 6, seats: [change('A1', 'FREE'), change('A2', 'FREE')] }),
    );
    expect(seatOf(lapsed, 'A1')).toMatchObject({ status: 0, lockedBy: null });
    expect(seatOf(lapsed, 'A2')).toMatchObject({ status: 0, lockedBy: null });
    expect(lapsed.liveVersion).toBe(6);
  });

  it('keeps a seat this counter holds its own on a lock event (its own renewal)', () => {
    const next = applied(applyTripEvent(shown, { tripId: 501, version: 5, seats: [change('A2', 'LOCKED')] }));
    expect(seatOf(next, 'A2').lockedBy).toBe('ME');
  });

  it('leaves the shown segment alone for a change on stops it does not cover', () => {
    const next = applied(applyTripEvent(shown, { tripId: 501, version: 5, seats: [change('A1', 'SOLD', 3, 4)] }));
    expect(seatOf(next, 'A1').status).toBe(0);
    expect(next.liveVersion).toBe(5);
  });

  it('ignores an event already shown and refetches after a gap', () => {
    expect(applyTripEvent(shown, { tripId: 501, version: 4, seats: [change('A1', 'SOLD')] }).kind).toBe('stale');
    expect(applyTripEvent(shown, { tripId: 501, version: 6, seats: [change('A1', 'SOLD')] }).kind).toBe('refetch');
  });

  it('refetches when a seat is freed on only part of the shown segment (the rest may still be held)', () => {
    expect(applyTripEvent(shown, { tripId: 501, version: 5, seats: [change('A4', 'FREE', 2, 4)] }).kind).toBe(
      'refetch',
    );
  });

  it('refetches for a change too large to list', () => {
    expect(applyTripEvent(shown, { tripId: 501, version: 5, seats: [], refetch: true }).kind).toBe('refetch');
  });

  it("refetches on a server whose details do not say the segment's stop orders", () => {
    const { segment: _segment, ...bare } = shown;
    expect(applyTripEvent(bare, { tripId: 501, version: 5, seats: [change('A1', 'LOCKED')] }).kind).toBe('refetch');
  });

  it('takes the version from the events seen when the details carry none', () => {
    const { liveVersion: _version, ...unversioned } = shown;
    const event = { tripId: 501, version: 9, seats: [change('A1', 'SOLD')] };
    expect(applyTripEvent(unversioned, event, 8).kind).toBe('applied');
    expect(applyTripEvent(unversioned, event, 9).kind).toBe('stale');
    expect(applyTripEvent(unversioned, event, 7).kind).toBe('refetch');
  });
});
