/**
 * The ticket document for an on-screen preview: loads the embedded font once,
 * then renders. Null until the font is in (a moment, on first use only).
 */
import { useEffect, useMemo, useState } from 'react';
import type { PaperSize, Reservation } from '@agent-portal/contract';
import { loadTicketFonts, type TicketFonts } from './ticket-fonts';
import { renderTicketHtml, type PrintType } from './ticket-html';
import type { TicketLanguage } from './ticket-labels';

export interface TicketHtmlRequest {
  reservation: Reservation;
  language: TicketLanguage;
  paper: PaperSize;
  printType: PrintType;
}

export function useTicketHtml({ reservation, language, paper, printType }: TicketHtmlRequest): string | null {
  const [fonts, setFonts] = useState<TicketFonts | null>(null);
  useEffect(() => {
    let live = true;
    loadTicketFonts().then(
      (loaded) => {
        if (live) setFonts(loaded);
      },
      () => {
        // A preview without the embedded font still shows every fact; the Latin and system fonts draw it.
        if (live) setFonts({ regular: '', bold: '' });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return useMemo(
    () => (fonts ? renderTicketHtml(reservation, { language, paper, printType, fonts }) : null),
    [fonts, reservation, language, paper, printType],
  );
}
