import { describe, expect, it } from 'vitest';
import { matchesTyped, pickerFilter } from './search-match';

const dhaka = { label: 'ঢাকা', search: ['Dhaka', 'ঢাকা'] };
const chattogram = { label: 'চট্টগ্রাম', search: ['Chattogram', 'চট্টগ্রাম'] };

describe('the picker filter', () => {
  it('finds a city by its English name, its Bengali name or a prefix of either, any case', () => {
    for (const typed of ['dha', 'Dhaka', 'DHAKA', 'ঢা', 'ঢাকা']) {
      expect(pickerFilter(typed, dhaka), typed).toBe(true);
      expect(pickerFilter(typed, chattogram), typed).toBe(false);
    }
  });

  it('matches the start of any word, not the middle of one', () => {
    expect(matchesTyped('kal', ['Kallyanpur (Dhaka)'])).toBe(true);
    expect(matchesTyped('dha', ['Kallyanpur (Dhaka)'])).toBe(true);
    expect(matchesTyped('ctg', ['Dhaka-Chattogram', 'DHK-CTG'])).toBe(true);
    expect(matchesTyped('aka', ['Dhaka'])).toBe(false);
  });

  it('falls back to the label when the option has no other names', () => {
    expect(pickerFilter('ac', { label: 'AC Sleeper' })).toBe(true);
    expect(pickerFilter('sle', { label: 'AC Sleeper' })).toBe(true);
    expect(pickerFilter('x', { label: 'AC Sleeper' })).toBe(false);
    expect(pickerFilter('', { label: 'AC Sleeper' })).toBe(true);
  });
});
