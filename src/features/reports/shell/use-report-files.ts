import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { notify, notifyApiError } from '../../../lib/notify/notifier';
import { usePrintPreferences } from '../../../lib/print-preferences';
import { printDocument } from '../../../lib/printing';
import { ApiError } from '../../../lib/api/api-error';
import { reportFileName, saveFile } from './save-file';
import type { PaperSize } from '@agent-portal/contract';
import type { FileFormat, ReportDefinition, ReportRequest } from './types';

export type FileAction = FileFormat | 'print';

/**
 * PDF and XLSX come from the server (?format=pdf|xlsx&lang=, the same filters
 * as the table); printing builds the document here (printHtml) for the
 * agent's chosen paper and prints it on their chosen printer (print
 * preferences; see lib/printing/list-style.ts for why a roll too).
 */
export function useReportFiles<Row, Totals>(
  definition: ReportDefinition<Row, Totals>,
  request: ReportRequest | null,
  printHtml: (paper: PaperSize) => Promise<string>,
) {
  const { t } = useTranslation('reports');
  const { preferences } = usePrintPreferences();
  const [busy, setBusy] = useState<FileAction | null>(null);

  const run = async (action: FileAction) => {
    if (busy || !request) return;
    setBusy(action);
    try {
      if (action === 'print') {
        const result = await printDocument(
          await printHtml(preferences.paper),
          preferences.paper,
          preferences.deviceName,
        );
        if (!result.ok) notify('error', t('printFailed'));
      } else {
        const blob = await definition.download(request, action, currentLanguage());
        const { fromDate, toDate } = definition.filters.includes('day')
          ? { fromDate: request.filter.date, toDate: request.filter.date }
          : request.filter;
        saveFile(blob, reportFileName(definition.key, fromDate, toDate, action));
      }
    } catch (error) {
      // A refused call is its reason's one toast; only a failure of the portal's own says "could not be
      // printed/downloaded".
      if (error instanceof ApiError) notifyApiError(error);
      else notify('error', t(action === 'print' ? 'printFailed' : 'downloadFailed'));
    } finally {
      setBusy(null);
    }
  };
  return { run, busy };
}
