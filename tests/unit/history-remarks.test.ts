import { describe, expect, it } from 'vitest';
import {
  HISTORY_REMARK_CODES,
  historyRemarkOf,
  historyRemarkText,
  type HistoryRemark,
} from '@agent-portal/contract/plain';

/** One remark of each code, on an action it is written on. */
const EXAMPLES: [string, HistoryRemark, string][] = [
  ['CANCELLED A1, B2', { code: 'FINE', params: { fine: '132.00', percent: '10' } }, 'fine 132.00 (10%)'],
  [
    'CANCELLED',
    { code: 'DELAYED_CANCEL_APPROVED', params: { request: '7', employee: 'karim', fine: '50.00', percent: '50' } },
    'delayed cancel request 7 approved by karim: fine 50.00 (50%)',
  ],
  [
    'DELAYED_CANCEL_REJECTED',
    { code: 'DELAYED_CANCEL_REJECTED', params: { request: '8', employee: 'karim', reason: 'No proof: none' } },
    'delayed cancel request 8 rejected by karim: No proof: none',
  ],
  [
    'BOOKING_EXTENDED',
    { code: 'EXTENDED_UNTIL', params: { until: '2026-03-12T10:00:00.000Z' } },
    'until 2026-03-12T10:00:00.000Z',
  ],
  ['MIGRATE', { code: 'MIGRATED_FROM', params: { pnr: '923N3HIRP6' } }, 'from 923N3HIRP6'],
  ['TRIP_MIGRATED', { code: 'MIGRATED_TO', params: { pnr: 'K7Q2M9X4PA' } }, 'to K7Q2M9X4PA'],
  [
    'BOARDING_CHANGED',
    { code: 'BOARDING_MOVED', params: { from: 'Sayedabad', to: 'Chattogram' } },
    'Sayedabad → Chattogram',
  ],
  ['SMS_FAILED', { code: 'PIN_NOT_DELIVERED', params: {} }, 'PIN not delivered; resend it'],
  ['LINKED', { code: 'BY_OPERATOR', params: {} }, 'by the operator'],
];

describe('history remarks', () => {
  it('has an example of every code', () => {
    expect(new Set(EXAMPLES.map(([, r]) => r.code))).toEqual(new Set(HISTORY_REMARK_CODES));
  });

  it.each(EXAMPLES)(
    '%s: writes the English text stored so far and reads its code and parameters back',
    (action, remark, text) => {
      expect(historyRemarkText(remark)).toBe(text);
      expect(historyRemarkOf(action, text)).toEqual(remark);
    },
  );

  it('gives no code to text an agent typed, nor to a sentence on an action it is not written on', () => {
    expect(historyRemarkOf('DELAYED_CANCEL_REQUESTED', 'Passenger ill')).toBeNull();
    expect(historyRemarkOf('DELAYED_CANCEL_REQUESTED', 'until tomorrow')).toBeNull();
    expect(historyRemarkOf('SELL', 'to K7Q2M9X4PA')).toBeNull();
    expect(historyRemarkOf('CANCELLED', null)).toBeNull();
    expect(historyRemarkOf('CANCELLED', '')).toBeNull();
  });
});
