import { describe, expect, it } from 'vitest';
import { amountParser, latinDigits, normalizeDigits, pinInput, pnrInput } from './digits';

describe('digits typed on any layout', () => {
  it('turns Bengali digits into Latin ones and keeps everything else', () => {
    expect(latinDigits('০১৭১১-৯৯৮৮৭৭')).toBe('01711-998877');
    expect(latinDigits('AB১২cd')).toBe('AB12cd');
    expect(latinDigits('1234')).toBe('1234');
  });

  it('also takes Arabic-Indic digits', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(latinDigits('۰۹')).toBe('09');
  });

  it('leaves values that are not text alone', () => {
    expect(normalizeDigits(undefined)).toBeUndefined();
    expect(normalizeDigits(12)).toBe(12);
    expect(normalizeDigits('৫০০.৫০')).toBe('500.50');
  });
});

describe('the number-like fields', () => {
  it('store a PNR, a PIN and an amount typed in Bengali digits with Latin ones', () => {
    expect(pnrInput('ab১২৩৪-৫৬৭৮')).toBe('AB12345678');
    expect(pinInput('১২৩ ৪৫৬৭')).toBe('123456');
    expect(amountParser('৳ ১,৫০০.৫০')).toBe('1500.50');
  });
});
