/**
 * The reservation screen with the printing feature plugged in: features do
 * not import each other, so the printing port is handed over here.
 */
import type { Reservation, PaperSize } from '@agent-portal/contract';
import { printTicket, printTypeFor, TicketPreview, useTicketHtml } from '../../features/printing';
import { ReservationPage } from '../../features/reservation/reservation-page';
import { TicketPrintingContext, type TicketPrinting } from '../../features/reservation/ticket-printing';

function Preview({ reservation, language, paper }: { reservation: Reservation; language: 'en' | 'bn'; paper: PaperSize }) {
  const html = useTicketHtml({ reservation, language, paper, printType: printTypeFor(reservation) });
  return html ? <TicketPreview html={html} paper={paper} language={language} height={520} /> : null;
}

const PRINTING: TicketPrinting = { print: printTicket, printTypeFor, Preview };

export function ReservationRoute() {
  return (
    <TicketPrintingContext.Provider value={PRINTING}>
      <ReservationPage />
    </TicketPrintingContext.Provider>
  );
}
