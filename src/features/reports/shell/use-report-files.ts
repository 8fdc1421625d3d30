import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify/notifier';
import type { ApiError } from '../../../lib/api/api-error';
import { reasonMessage } from '../../../lib/api/error-messages';
import { reportFileName, saveFile } from './save-file';
import type { FileFormat, ReportDefinition, ReportRequest } from './types';

/** What the route hands in to print an HTML document (the shell's print bridge, else the browser's dialog). */
export type ReportPrinter = (html: string) => Promise<{ ok: true } | { ok: false; reason: string }>;
export type FileAction = FileFormat | 'print';

/**
 * PDF and XLSX come from the server (?format=pdf|xlsx&lang=, the same filters
 * as the table); printing builds the document here (printHtml).
 */
export function useReportFiles<Row, Totals>(definition: ReportDefinition<Row, Totals>, request: ReportRequest | null, printHtml: () => Promise<string>, print: ReportPrinter) {
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState<FileAction | null>(null);

  const run = async (action: FileAction) => {
    if (busy || !request) return;
    setBusy(action);
    try {
      if (action === 'print') {
        const result = await print(await printHtml());
        if (!result.ok) notify('error', t('printFailed'));
      } else {
        const blob = await definition.download(request, action, currentLanguage());
        const { fromDate, toDate } = definition.filters.includes('day') ? { fromDate: request.filter.date, toDate: request.filter.date } : request.filter;
        saveFile(blob, reportFileName(definition.key, fromDate, toDate, action));
      }
    } catch (error) {
      const reason = (error as Partial<ApiError>).reason;
      notify('error', `${t(action === 'print' ? 'printFailed' : 'downloadFailed')}${reason ? `: ${reasonMessage(reason)}` : ''}`);
    } finally {
      setBusy(null);
    }
  };
  return { run, busy };
}
