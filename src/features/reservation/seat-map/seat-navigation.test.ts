import { describe, expect, it } from 'vitest';
import { indexSeats } from './seat-map-model';
import { nextSeatName } from './seat-navigation';
import { businessCoach, sleeperCoach, standardCoach } from './test-support/coach-fixtures';

describe('nextSeatName', () => {
  const standard = indexSeats(standardCoach().decks);

  it('moves along a row and jumps over the aisle', () => {
    expect(nextSeatName(standard, 'A1', 'ArrowRight')).toBe('A2');
    expect(nextSeatName(standard, 'A2', 'ArrowRight')).toBe('A3');
    expect(nextSeatName(standard, 'A3', 'ArrowLeft')).toBe('A2');
  });

  it('moves between rows in the same column', () => {
    expect(nextSeatName(standard, 'A3', 'ArrowDown')).toBe('B3');
    expect(nextSeatName(standard, 'B3', 'ArrowUp')).toBe('A3');
  });

  it('stays put at the edge of a single deck', () => {
    expect(nextSeatName(standard, 'A4', 'ArrowRight')).toBe('A4');
    expect(nextSeatName(standard, 'A1', 'ArrowUp')).toBe('A1');
  });

  it('reaches the five-seat back row, including the seat in the aisle', () => {
    expect(nextSeatName(standard, 'I2', 'ArrowDown')).toBe('J2');
    expect(nextSeatName(standard, 'J2', 'ArrowRight')).toBe('J3');
    expect(nextSeatName(standard, 'J3', 'ArrowUp')).toBe('I2');
  });

  it('goes to the first and last seat with Home and End', () => {
    expect(nextSeatName(standard, 'E3', 'Home')).toBe('A1');
    expect(nextSeatName(standard, 'E3', 'End')).toBe('J5');
  });

  it('crosses from one deck to the next at the edges', () => {
    const sleeper = indexSeats(sleeperCoach().decks);
    expect(nextSeatName(sleeper, 'L3', 'ArrowRight')).toBe('U1');
    expect(nextSeatName(sleeper, 'U1', 'ArrowLeft')).toBe('L3');
    // Berths span two rows: down goes to the next berth, not into its lower half.
    expect(nextSeatName(sleeper, 'L1', 'ArrowDown')).toBe('L4');
    expect(nextSeatName(sleeper, 'U30', 'ArrowRight')).toBe('U30');
  });

  it('handles the narrow 2+1 coach', () => {
    const business = indexSeats(businessCoach().decks);
    expect(nextSeatName(business, 'A2', 'ArrowRight')).toBe('A3');
    expect(nextSeatName(business, 'A3', 'ArrowRight')).toBe('A3');
  });
});
