import type { TransactionSearchRequest } from '@agent-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/api-error';
import { formatDate, now } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useMoney } from '../../lib/money-hooks';
import { notify } from '../../lib/notify/notifier';
import { usePrintPreferences } from '../../lib/print-preferences';
import { printDocument } from '../../lib/printing';
import { useProfile } from '../../lib/queries/profile';
import { fetchAllTransactions } from './api/transactions';
import { download, transactionsCsv, transactionsXlsx, XLSX_TYPE } from './model/export';
import { transactionsHtml } from './model/print-html';
import { useCellText } from './use-cell-text';

type Request = Omit<TransactionSearchRequest, 'page' | 'pageSize'>;
export type FileKind = 'csv' | 'xlsx' | 'print';

/**
 * CSV, XLSX and print of every row of the filter (not just the page on screen).
 * The list prints on the agent's chosen printer and paper (print preferences),
 * laid out for that paper: see lib/printing/list-style.ts for why a roll too.
 */
export function useTransactionFiles(request: Request) {
  const { t } = useTranslation('records');
  const text = useCellText();
  const money = useMoney();
  const company = useProfile().data?.company.name ?? '';
  const { preferences } = usePrintPreferences();
  const [busy, setBusy] = useState<FileKind | null>(null);
  const baseName = `${t('transaction.fileName')}-${request.startDate}-${request.endDate}`;

  const run = async (kind: FileKind) => {
    if (busy) return;
    setBusy(kind);
    try {
      const { rows, totals } = await fetchAllTransactions(request);
      if (kind === 'csv') download(transactionsCsv(rows, text), `${baseName}.csv`, 'text/csv;charset=utf-8');
      else if (kind === 'xlsx')
        download(await transactionsXlsx(rows, text, t('transaction.sheetName')), `${baseName}.xlsx`, XLSX_TYPE);
      else {
        const html = transactionsHtml(rows, text, {
          title: t('transaction.printTitle'),
          company,
          period: t('transaction.period', {
            start: formatDate(request.startDate, 'date'),
            end: formatDate(request.endDate, 'date'),
          }),
          printedAt: t('transaction.printedAt', { time: formatDate(now()) }),
          language: currentLanguage(),
          paper: preferences.paper,
          totals: (['openingBalance', 'credit', 'debit', 'closingBalance'] as const).map((key) => ({
            label: t(`transaction.totals.${key}`),
            value: money(totals[key]),
          })),
        });
        const result = await printDocument(html, preferences.paper, preferences.deviceName);
        if (!result.ok) notify('error', t('transaction.printFailed'));
      }
    } catch (error) {
      // A failed page fetch was already toasted by callApi: one toast per failure, so only a failure of our own says so
      // here.
      if (!(error instanceof ApiError))
        notify('error', t(kind === 'print' ? 'transaction.printFailed' : 'transaction.exportFailed'));
    } finally {
      setBusy(null);
    }
  };

  return { run, busy };
}
