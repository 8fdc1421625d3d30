import { beforeAll, describe, expect, it } from 'vitest';
import { historyRemarkOf, type HistoryRemark } from '@agent-portal/contract/plain';
import { latinNumberLeaks } from '../test/latin-digits';
import { historyRemarkText } from './history-remarks';
import { i18n, initI18n } from './i18n';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadLanguages('bn');
});

const fine: HistoryRemark = { code: 'FINE', params: { fine: '1320.00', percent: '10' } };
// 16:00 in Dhaka, the tests' company zone.
const until: HistoryRemark = { code: 'EXTENDED_UNTIL', params: { until: '2026-03-12T10:00:00.000Z' } };
const approved = historyRemarkOf('CANCELLED', 'delayed cancel request 7 approved by karim: fine 50.00 (50%)');

describe('history remarks on screen', () => {
  it('says the server’s remarks in English with the screens’ money and times', () => {
    expect(historyRemarkText(fine, 'fine 1320.00 (10%)', undefined, 'en')).toBe('fine 1,320.00 (10%)');
    expect(historyRemarkText(until, 'until 2026-03-12T10:00:00.000Z', undefined, 'en')).toBe(
      'until Mar 12, 2026 04:00 PM',
    );
  });

  it('says them in Bengali, with Bengali digits and no Latin AM/PM', () => {
    const texts = [
      historyRemarkText(fine, 'fine 1320.00 (10%)', undefined, 'bn'),
      historyRemarkText(until, 'until 2026-03-12T10:00:00.000Z', undefined, 'bn'),
      historyRemarkText(approved, 'the English text', undefined, 'bn'),
    ];
    expect(texts).toEqual([
      'জরিমানা ১,৩২০.০০ (১০%)',
      'মার্চ ১২, ২০২৬ বিকাল ৪:০০ পর্যন্ত',
      'বিলম্বিত বাতিলের অনুরোধ ৭ অনুমোদন করেছেন karim: জরিমানা ৫০.০০ (৫০%)',
    ]);
    for (const text of texts) expect(latinNumberLeaks(text)).toEqual([]);
  });

  it('names a boarding change’s stops in the screen’s language', () => {
    const moved: HistoryRemark = { code: 'BOARDING_MOVED', params: { from: 'Sayedabad', to: 'Cumilla Bypass' } };
    const bengali: Record<string, string> = { Sayedabad: 'সায়েদাবাদ', 'Cumilla Bypass': 'কুমিল্লা বাইপাস' };
    expect(historyRemarkText(moved, 'Sayedabad → Cumilla Bypass', (name) => bengali[name] ?? name, 'bn')).toBe(
      'সায়েদাবাদ → কুমিল্লা বাইপাস',
    );
  });

  it('shows what an agent typed, or what a server without codes sent, as written', () => {
    expect(historyRemarkText(null, 'Passenger ill', undefined, 'bn')).toBe('Passenger ill');
    expect(historyRemarkText(undefined, 'fine 10.00 (10%)', undefined, 'bn')).toBe('fine 10.00 (10%)');
    expect(historyRemarkText(null, null, undefined, 'bn')).toBe('');
  });
});
