import { describe, expect, it } from 'vitest';
import { latinNumberLeaks } from './latin-digits';

describe('latinNumberLeaks', () => {
  it('finds a Latin AM or PM, alone, dotted or glued to a time', () => {
    expect(latinNumberLeaks('১০:০০ AM')).toEqual(['AM']);
    expect(latinNumberLeaks('১০:০০ P.M.')).toEqual(['P.M']);
    expect(latinNumberLeaks('10:00PM')).toEqual(['10', '00PM']);
    expect(latinNumberLeaks('বিকাল 5 pm')).toEqual(['5', 'pm']);
  });

  it('lets a code through that starts with the letters AM or PM', () => {
    expect(latinNumberLeaks('পিএনআর AM3FP7X4T5 পিন')).toEqual([]);
    expect(latinNumberLeaks('PM7K2Q9X4A, AMBER')).toEqual([]);
  });
});
