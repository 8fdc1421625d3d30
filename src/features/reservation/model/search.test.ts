import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { searchErrors } from './search';

const today = dayjs('2026-11-22');

describe('trip search rules', () => {
  it('refuses the same city as origin and destination', () => {
    expect(searchErrors({ tripDate: today, originCityId: 1, destinationCityId: 1 })).toEqual({
      destinationCityId: 'sameCity',
    });
  });

  it('needs both cities for a search by route', () => {
    expect(searchErrors({ tripDate: today, originCityId: 1 })).toEqual({ destinationCityId: 'destinationRequired' });
    expect(searchErrors({ tripDate: today })).toEqual({
      originCityId: 'originRequired',
      destinationCityId: 'destinationRequired',
    });
  });

  it('needs only the date for a search by coach code, but still refuses one city twice', () => {
    expect(searchErrors({ tripDate: today, coachCode: ' P-101 ' })).toEqual({});
    expect(searchErrors({ tripDate: today, coachCode: 'P-101', originCityId: 3, destinationCityId: 3 })).toEqual({
      destinationCityId: 'sameCity',
    });
  });

  it('accepts two different cities', () => {
    expect(searchErrors({ tripDate: today, originCityId: 1, destinationCityId: 2 })).toEqual({});
  });
});
