import type { ExtraWeightCharge } from '@agent-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonMessage } from '../../lib/api/error-messages';
import { formatDate, formatMoney, now } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { notify } from '../../lib/notify/notifier';
import { usePrintPreferences } from '../../lib/print-preferences';
import { printDocument } from '../../lib/printing';
import { useAccount } from '../../lib/queries/account';
import { useQueryClient } from '@tanstack/react-query';
import { extraWeightKeys, receiptVoucher, recordReceiptPrint } from './api/extra-weight';
import { receiptHtml, type ReceiptKind } from './receipt-html';

/** Prints a receipt with the counter's paper and printer; records it with the server only once it printed. */
export function usePrintReceipt() {
  const { t } = useTranslation('records');
  const { preferences } = usePrintPreferences();
  const symbol = useAccount().data?.currency.symbol ?? '৳';
  const queryClient = useQueryClient();
  const [printing, setPrinting] = useState(false);

  const print = async (charge: ExtraWeightCharge, kind: ReceiptKind): Promise<boolean> => {
    if (printing) return false;
    setPrinting(true);
    try {
      const language = currentLanguage();
      // A receipt without its number still beats no receipt: the voucher is best effort.
      const voucher = await receiptVoucher(charge, kind).catch(() => null);
      const html = receiptHtml(
        charge,
        kind,
        preferences.paper,
        {
          language,
          label: (key) => t(`extraWeight.receipt.${key}`),
          money: (amount) => formatMoney(amount, symbol, language),
          dateTime: (iso) => formatDate(iso, 'dateTime', language),
          date: (day) => formatDate(day, 'date', language),
        },
        now(),
        voucher?.voucherNo ?? null,
      );
      const result = await printDocument(html, preferences.paper, preferences.deviceName);
      if (!result.ok) {
        notify('error', `${t('extraWeight.printFailed')}: ${reasonMessage(result.reason)}`);
        return false;
      }
      try {
        const { printCount } = await recordReceiptPrint(charge.pnr, kind);
        queryClient.setQueryData(extraWeightKeys.charge(charge.pnr), { ...charge, printCount, lastPrintType: kind });
        void queryClient.invalidateQueries({ queryKey: ['extra-weight', 'charges'] });
        notify('success', t('extraWeight.printed'));
      } catch {
        notify('warning', t('extraWeight.notRecorded'));
      }
      return true;
    } finally {
      setPrinting(false);
    }
  };

  return { print, printing };
}
