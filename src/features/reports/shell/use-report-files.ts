import { useEffect, useRef, useState } from 'react';
import { reportProgressApi, type ReportFileProgress } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { notify, notifyApiError } from '../../../lib/notify/notifier';
import { usePrintPreferences } from '../../../lib/print-preferences';
import { printDocument } from '../../../lib/printing';
import { ApiError } from '../../../lib/api/api-error';
import { callApi } from '../../../lib/api/call-api';
import { reportFileName, saveFile } from './save-file';
import type { PaperSize } from '@agent-portal/contract';
import type { FileFormat, ReportDefinition, ReportRequest } from './types';

export type FileAction = FileFormat | 'print';

/** How often a download's progress is asked while it is made (a 50,000-row file takes seconds). */
export const PROGRESS_POLL_MS = 500;

/** A name for a download, for its progress (crypto.randomUUID where the page has it: a secure context). */
function newJob(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * PDF and XLSX come from the server (?format=pdf|xlsx&lang=, the same filters
 * as the table); printing builds the document here (printHtml) for the
 * agent's chosen paper and prints it on their chosen printer (print
 * preferences; see lib/printing/list-style.ts for why a roll too).
 *
 * A download tells its progress (the server's rows done of rows to do, asked
 * by the download's name while it runs, issue #34) and can be cancelled:
 * cancel() aborts the request, and the server stops making the file when its
 * connection closes.
 */
export function useReportFiles<Row, Totals>(
  definition: ReportDefinition<Row, Totals>,
  request: ReportRequest | null,
  printHtml: (paper: PaperSize) => Promise<string>,
) {
  const { t } = useTranslation('reports');
  const { preferences } = usePrintPreferences();
  const [busy, setBusy] = useState<FileAction | null>(null);
  const [progress, setProgress] = useState<ReportFileProgress | null>(null);
  const download = useRef<{ job: string; controller: AbortController } | null>(null);

  // While a file downloads, its progress is asked every PROGRESS_POLL_MS (each ask after the last answered).
  const downloading = busy === 'pdf' || busy === 'xlsx';
  useEffect(() => {
    const current = download.current;
    if (!downloading || !current) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await callApi(reportProgressApi.fileProgress, {
          params: { job: current.job },
          signal: current.controller.signal,
          silent: true,
        });
        if (!stopped) setProgress(answer);
      } catch {
        // A missed answer leaves the last one shown; the download itself says whether it failed.
      }
      if (!stopped) timer = setTimeout(() => void ask(), PROGRESS_POLL_MS);
    };
    timer = setTimeout(() => void ask(), PROGRESS_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [downloading]);

  // Leaving the screen cancels a download still running.
  useEffect(() => () => download.current?.controller.abort(), []);

  /** Stops the download: the request is aborted, and the server stops the file when its connection closes. */
  const cancel = () => download.current?.controller.abort();

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
        const controller = new AbortController();
        const job = newJob();
        download.current = { job, controller };
        setProgress(null);
        let blob: Blob;
        try {
          blob = await definition.download(request, {
            format: action,
            lang: currentLanguage(),
            job,
            signal: controller.signal,
          });
        } catch (error) {
          // Cancelled by the user: nothing to say, nothing saved.
          if (controller.signal.aborted) return;
          throw error;
        }
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
      download.current = null;
      setProgress(null);
      setBusy(null);
    }
  };
  return { run, busy, progress, cancel };
}
