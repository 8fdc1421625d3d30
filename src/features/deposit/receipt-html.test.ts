import type { Deposit, Voucher } from '@agent-portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../lib/format';
import { i18n, initI18n } from '../../lib/i18n';
import { pendingDeposit } from '../../test/fixtures';
import { latinNumberLeaks } from '../../test/latin-digits';
import { depositReceiptHtml } from './receipt-html';

const deposit: Deposit = {
  ...pendingDeposit,
  dateTime: '2026-11-21T06:30:00.000Z',
  amount: 150000,
  description: 'ব্যাংকে নগদ',
};
const voucher: Voucher = {
  voucherNo: 'DV-1-0000042',
  kind: 'DEPOSIT',
  companyId: 1,
  companyName: 'Padma Paribahan',
  referenceId: 'DP00000042',
  amount: 150000,
  remarks: null,
  agentName: 'Shapla Travels',
  outlet: 'Motijheel Counter',
  user: 'agent',
  issueTime: '2026-11-21T06:30:00.000Z',
};

beforeAll(async () => {
  await initI18n('bn');
});

describe('the deposit receipt in Bengali', () => {
  it('has no Latin digit or AM/PM outside codes', () => {
    const html = depositReceiptHtml(
      deposit,
      voucher,
      '58mm',
      {
        language: 'bn',
        label: (key) => i18n.t(`records:deposit.receipt.${key}`, { lng: 'bn' }),
        status: i18n.t('records:deposit.statuses.PENDING', { lng: 'bn' }),
        money: (amount) => formatMoney(amount, '৳', 'bn'),
        dateTime: (iso) => formatDate(iso, 'dateTime', 'bn'),
      },
      new Date('2026-11-21T09:15:00.000Z'),
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const text = `${doc.title} ${doc.body.textContent ?? ''}`;
    expect(latinNumberLeaks(text)).toEqual([]);
    // 12:30 and 15:15 in Dhaka; a lakh and a half in the Bengali grouping.
    expect(text).toContain('নভে ২১, ২০২৬ দুপুর ১২:৩০');
    expect(text).toContain('নভে ২১, ২০২৬ বিকাল ৩:১৫');
    expect(text).toContain('৳ ১,৫০,০০০.০০');
  });
});
