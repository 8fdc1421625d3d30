import { CLIENT_REASONS, PASSWORD_FAILURES, REASONS } from '@agent-portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../i18n';
import { reasonMessage } from './error-messages';

const CODES = [...REASONS, ...CLIENT_REASONS, ...PASSWORD_FAILURES];

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

  it('falls back to a generic message for a code it does not know', () => {
    expect(reasonMessage('SOMETHING_NEW')).toBe('Something went wrong');
  });
});
