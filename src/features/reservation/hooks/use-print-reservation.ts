/**
 * Printing a ticket of this screen with the counter's print preferences
 * (printer, paper, copies). printTicket records the print with the server
 * only after it went through; a failure says why in the screen's language.
 * The ticket whose last print failed stays named (failedPnr) until a print of
 * it goes through: nothing was recorded, so it is still unprinted (and in the
 * unprinted list), and the result panel flags it for the agent to print again.
 */
import { useRef, useState } from 'react';
import type { Reservation } from '@agent-portal/contract';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { notify, notifyReason } from '../../../lib/notify/notifier';
import { usePrintPreferences } from '../../../lib/print-preferences';
import { chosenTicketPrint, printTicket } from '../../../lib/printing';

export function usePrintReservation(onPrinted: (reservation: Reservation) => void) {
  const { preferences } = usePrintPreferences();
  const [busy, setBusy] = useState(false);
  const [failedPnr, setFailedPnr] = useState<string | null>(null);
  const inFlight = useRef(false);

  const print = async (reservation: Reservation): Promise<boolean> => {
    // One print at a time: a held Ctrl+P must not queue ten tickets.
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    try {
      const result = await printTicket(chosenTicketPrint(reservation, preferences, currentLanguage()));
      if (!result.ok) {
        setFailedPnr(reservation.pnr);
        notifyReason(result.reason);
        return false;
      }
      setFailedPnr((failed) => (failed === reservation.pnr ? null : failed));
      onPrinted({ ...reservation, printCount: reservation.printCount + 1 });
      if (!result.recorded) notify('warning', i18n.t('common:print.notRecorded'));
      return true;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return { print, printing: busy, failedPnr, autoPrint: preferences.autoPrintAfterSale, paper: preferences.paper };
}
