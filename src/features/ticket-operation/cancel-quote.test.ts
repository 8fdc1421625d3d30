import { describe, expect, it } from 'vitest';
import { cancelQuote } from './cancel-quote';
import { booked, sold } from './test-support/reservations';

describe('the cancel quote shown before a cancel', () => {
  it("is the server's own figures for the whole reservation", () => {
    expect(cancelQuote(sold(), null)).toEqual({ seats: ['A1', 'A2'], net: 2370, fine: 237, returnAmount: 2133 });
    expect(cancelQuote(sold(), ['A1', 'A2'])).toMatchObject({ fine: 237, returnAmount: 2133 });
  });

  it("applies the band's rate per seat for some seats, rounded to the paisa like the server", () => {
    // 10% of (1100 - 50) = 105.
    expect(cancelQuote(sold(), ['A2'])).toEqual({ seats: ['A2'], net: 1050, fine: 105, returnAmount: 945 });
    // 25% band on odd fares: 25% of 999.99 = 249.9975 -> 250.00.
    const odd = sold({
      seats: [
        { name: 'A1', seatType: 'Business', fare: 999.99, discount: 0, status: 1 },
        { name: 'A2', seatType: 'Business', fare: 1000, discount: 0, status: 1 },
      ],
      fine: 500,
      returnAmount: 1499.99,
      totalFare: 1999.99,
    });
    expect(cancelQuote(odd, ['A1'])).toMatchObject({ fine: 250, returnAmount: 749.99 });
  });

  it('leaves cancelled seats out', () => {
    const partlyCancelled = sold({
      seats: [{ ...sold().seats[0]!, status: 5 }, sold().seats[1]!],
      fine: 105,
      returnAmount: 945,
      totalFare: 1050,
    });
    expect(cancelQuote(partlyCancelled, null)).toEqual({ seats: ['A2'], net: 1050, fine: 105, returnAmount: 945 });
  });

  it('returns nothing and fines nothing for a booking (nothing was charged)', () => {
    expect(cancelQuote(booked(), null)).toMatchObject({ fine: 0, returnAmount: 0 });
  });
});
