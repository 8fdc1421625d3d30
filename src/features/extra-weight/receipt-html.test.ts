import type { ExtraWeightCharge } from '@agent-portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../lib/format';
import { i18n, initI18n } from '../../lib/i18n';
import { latinNumberLeaks } from '../../test/latin-digits';
import { receiptHtml, type ReceiptKind } from './receipt-html';

const charge: ExtraWeightCharge = {
  pnr: 'XW12345678',
  reservationPnr: 'K7Q2M9X4PA',
  companyId: 1,
  amount: 1175.5,
  // What the agent typed is the agent's own text: here in Bengali, as a Bengali counter writes it.
  description: 'দুটি ব্যাগ',
  issueTime: '2026-11-22T16:05:00.000Z',
  status: 'CANCELLED',
  cancelTime: '2026-11-22T19:40:00.000Z',
  lastPrintType: null,
  printCount: 0,
  passengerName: 'Karim',
  coachCode: 'GL-101',
  tripDate: '2026-11-25',
  routeName: 'Dhaka - Chattogram',
  agentUser: 'agent',
  outlet: 'Motijheel Counter',
};

beforeAll(async () => {
  await initI18n('bn');
});

/** The receipt as use-print-receipt renders it in Bengali. */
function bengaliReceipt(kind: ReceiptKind): Document {
  const html = receiptHtml(
    charge,
    kind,
    '80mm',
    {
      language: 'bn',
      label: (key) => i18n.t(`records:extraWeight.receipt.${key}`, { lng: 'bn' }),
      money: (amount) => formatMoney(amount, '৳', 'bn'),
      dateTime: (iso) => formatDate(iso, 'dateTime', 'bn'),
      date: (day) => formatDate(day, 'date', 'bn'),
    },
    new Date('2026-11-22T17:30:00.000Z'),
    'EV-1-0000007',
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the extra weight receipt in Bengali', () => {
  it.each<ReceiptKind>(['ORIGINAL', 'REPRINT', 'RETURN'])('%s has no Latin digit or AM/PM outside codes', (kind) => {
    const doc = bengaliReceipt(kind);
    const text = `${doc.title} ${doc.body.textContent ?? ''}`;
    expect(latinNumberLeaks(text)).toEqual([]);
    // Dhaka's 22:05 and 01:40 after midnight, the amount in Bengali digits, the trip date's full year.
    expect(text).toContain('নভে ২২, ২০২৬ রাত ১০:০৫');
    expect(text).toContain('নভে ২৫, ২০২৬');
    expect(text).toContain('৳ ১,১৭৫.৫০');
    if (kind === 'RETURN') expect(text).toContain('নভে ২৩, ২০২৬ রাত ১:৪০');
  });
});
