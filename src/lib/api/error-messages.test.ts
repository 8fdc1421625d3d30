import { CLIENT_REASONS, PASSWORD_FAILURES, REASONS, TEXT_FIELD_FAILURES } from '@agent-portal/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetCompanyTime, setCompanyTime } from '../format';
import { changeLanguage, i18n, initI18n } from '../i18n';
import { reasonMessage } from './error-messages';

const CODES = [...REASONS, ...CLIENT_REASONS, ...PASSWORD_FAILURES, ...TEXT_FIELD_FAILURES];

beforeAll(async () => {
  await initI18n('en');
  // Loads the Bengali bundle, then back to English for the texts below.
  await changeLanguage('bn');
  await changeLanguage('en');
});

describe('the reason -> message table', () => {
  it.each(['en', 'bn'])('has a message for every reason code in %s', (language) => {
    const missing = CODES.filter((code) => {
      const text = i18n.getResource(language, 'errors', code) as unknown;
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('says the SPEC texts in English', () => {
    expect(reasonMessage('BAD_CREDENTIALS')).toBe('Invalid Credentials');
    expect(reasonMessage('INVALID_SESSION')).toBe('Invalid session. Please login again.');
    expect(reasonMessage('SALES_RESTRICTED')).toBe('System is in under maintenance');
  });

  it('reads on into the details of the seat reasons', () => {
    expect(reasonMessage('MAX_SEAT_WARNING', { max: 5 })).toBe('Maximum allowed seat: 5');
    expect(reasonMessage('SEAT_LIMIT_EXCEEDED', { remaining: 2 })).toBe('Remaining seat limit: 2');
    expect(reasonMessage('SEAT_UNAVAILABLE', { seats: ['A1', 'B2'] })).toBe('These seats are NOT available: A1, B2');
  });

  describe("a locked PNR says until when, in the company's zone whatever the PC's", () => {
    afterEach(async () => {
      resetCompanyTime();
      await changeLanguage('en');
    });

    it('in English and in Bengali', async () => {
      setCompanyTime({ timeZone: 'Asia/Dhaka', serverTime: new Date().toISOString() });
      // 09:15 UTC is 03:15 PM in Dhaka.
      expect(reasonMessage('PNR_LOCKED', { until: '2026-03-10T09:15:00.000Z' })).toBe(
        'This ticket is locked after too many wrong PINs. Try again after 03:15 PM, or ask the operator to unlock it.',
      );
      await changeLanguage('bn');
      // In Bengali the part of the day before a 12-hour time, no Latin AM/PM: 15:15 is বিকাল ৩:১৫.
      expect(reasonMessage('PNR_LOCKED', { until: '2026-03-10T09:15:00.000Z' })).toMatch(
        /^অনেকবার ভুল পিন দেওয়ায় টিকিটটি লক হয়ে গেছে। বিকাল ৩:১৫ থেকে আবার চেষ্টা করা যাবে/,
      );
    });
  });

  it('a report too large says its row limit, in English and in Bengali digits', async () => {
    expect(reasonMessage('REPORT_TOO_LARGE', { limit: 10000 })).toBe(
      'This report has more than 10,000 rows: choose a shorter period.',
    );
    await changeLanguage('bn');
    try {
      expect(reasonMessage('REPORT_TOO_LARGE', { limit: 10000 })).toBe(
        'এই রিপোর্টে ১০,০০০টির বেশি সারি আছে: আরও ছোট সময়কাল বেছে নিন।',
      );
    } finally {
      await changeLanguage('en');
    }
  });

  it('falls back to a generic message for a code it does not know', () => {
    expect(reasonMessage('SOMETHING_NEW')).toBe('Something went wrong');
  });
});
