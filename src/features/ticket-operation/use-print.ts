import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '@agent-portal/contract';
import { currentLanguage } from '../../lib/i18n';
import { notify } from '../../lib/notify/notifier';
import { usePrintPreferences } from '../../lib/print-preferences';
import { chosenTicketPrint, printTicket } from '../../lib/printing';

/** Prints with the counter's printer settings; printTicket records the print only when it printed. */
export function usePrint(onPrinted: () => void) {
  const { t } = useTranslation('ticket-operation');
  const { preferences } = usePrintPreferences();
  const [printing, setPrinting] = useState(false);
  const busy = useRef(false);

  const print = async (reservation: Reservation) => {
    if (busy.current) return;
    busy.current = true;
    setPrinting(true);
    try {
      const result = await printTicket(chosenTicketPrint(reservation, preferences, currentLanguage()));
      if (!result.ok) {
        notify('error', t(`print.errors.${result.reason}`, { defaultValue: t('print.errors.PRINT_FAILED') }));
        return;
      }
      if (result.recorded) notify('success', t('print.done'));
      else notify('warning', t('common:print.notRecorded'));
      onPrinted();
    } catch {
      notify('error', t('print.errors.PRINT_FAILED'));
    } finally {
      busy.current = false;
      setPrinting(false);
    }
  };

  return { print, printing };
}
