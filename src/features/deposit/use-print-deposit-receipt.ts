import type { Deposit } from '@agent-portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonMessage } from '../../lib/api/error-messages';
import { toApiError } from '../../lib/api/api-error';
import { formatDate, formatMoney, now } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { notify, notifyApiError } from '../../lib/notify/notifier';
import { usePrintPreferences } from '../../lib/print-preferences';
import { printDocument } from '../../lib/printing';
import { useAccount } from '../../lib/queries/account';
import { depositKeys, depositVoucher } from './api/deposit';
import { depositReceiptHtml } from './receipt-html';

/**
 * Prints a deposit's receipt with the counter's paper and printer. The receipt
 * carries the deposit's voucher number (createVoucher answers the number the
 * request was given; a request made before deposits were numbered gets one now).
 */
export function usePrintDepositReceipt() {
  const { t } = useTranslation('records');
  const { preferences } = usePrintPreferences();
  const symbol = useAccount().data?.currency.symbol ?? '৳';
  const queryClient = useQueryClient();
  const [printing, setPrinting] = useState<string | null>(null);

  const print = async (deposit: Deposit): Promise<boolean> => {
    if (printing) return false;
    setPrinting(deposit.transactionId);
    try {
      let voucher;
      try {
        voucher = await depositVoucher(deposit);
      } catch (error) {
        // The voucher was refused: its reason is the one toast.
        notifyApiError(toApiError(error));
        return false;
      }
      if (deposit.voucherNo === null) void queryClient.invalidateQueries({ queryKey: depositKeys.all });
      const language = currentLanguage();
      const html = depositReceiptHtml(
        deposit,
        voucher,
        preferences.paper,
        {
          language,
          label: (key) => t(`deposit.receipt.${key}`),
          status: t(`deposit.statuses.${deposit.status}`),
          money: (amount) => formatMoney(amount, symbol, language),
          dateTime: (iso) => formatDate(iso, 'dateTime', language),
        },
        now(),
      );
      const result = await printDocument(html, preferences.paper, preferences.deviceName);
      if (!result.ok) {
        notify('error', `${t('deposit.receipt.failed')}: ${reasonMessage(result.reason)}`);
        return false;
      }
      notify('success', t('deposit.receipt.printed', { voucherNo: voucher.voucherNo }));
      return true;
    } finally {
      setPrinting(null);
    }
  };

  return { print, printing };
}
