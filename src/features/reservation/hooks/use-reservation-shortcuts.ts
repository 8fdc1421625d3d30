/** The selling screen's entries of the shortcut table (lib/keyboard/shortcut-table.ts), listed by F1. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenShortcuts } from '../../../components/screen-shortcuts';

export interface ShortcutActions {
  /** False while a dialog owns the keyboard. */
  enabled: boolean;
  focusSearch: () => void;
  newSale: () => void;
  focusSeatMap: () => void;
  focusPassenger: () => void;
  sell: () => void;
  book: () => void;
  refresh: () => void;
  print: () => void;
  help: { open: boolean; setOpen: (open: boolean) => void };
}

export function useReservationShortcuts(a: ShortcutActions): ReactNode {
  const { t } = useTranslation('reservation');
  const text = (key: string) => t(`shortcuts.actions.${key}`);
  return useScreenShortcuts(
    [
      { id: 'search', run: a.focusSearch, text: text('search') },
      { id: 'new', run: a.newSale, text: text('newSale') },
      { id: 'seatMap', run: a.focusSeatMap },
      { id: 'pickSeat' },
      { id: 'passenger', run: a.focusPassenger },
      { id: 'submit', run: a.sell, text: text('sell') },
      { id: 'book', run: a.book, text: text('book') },
      { id: 'confirm', text: text('confirm') },
      { id: 'refresh', run: a.refresh, text: text('refresh') },
      // Always taken, so the browser never prints the page instead of the ticket.
      { id: 'print', run: a.print, text: text('print') },
      { id: 'close' },
      { id: 'help', run: () => a.help.setOpen(true), text: text('help') },
    ],
    { enabled: a.enabled, help: a.help },
  ).help;
}
