/** The screen's shortcuts (listed in the help overlay, components/shortcut-help.tsx). */
import { useShortcuts } from '../shortcuts/use-shortcuts';

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
  help: () => void;
}

export function useReservationShortcuts(a: ShortcutActions) {
  const on = a.enabled;
  useShortcuts([
    { id: 'search', keys: ['F2'], run: a.focusSearch, enabled: on },
    { id: 'new-sale', keys: ['Alt+N'], run: a.newSale, enabled: on },
    { id: 'seat-map', keys: ['F3'], run: a.focusSeatMap, enabled: on },
    { id: 'passenger', keys: ['F4'], run: a.focusPassenger, enabled: on },
    { id: 'sell', keys: ['F9', 'Ctrl+Enter'], run: a.sell, enabled: on },
    { id: 'book', keys: ['F8'], run: a.book, enabled: on },
    { id: 'refresh', keys: ['Alt+R'], run: a.refresh, enabled: on },
    // Always taken, so the browser never prints the page instead of the ticket.
    { id: 'print', keys: ['Ctrl+P', 'Meta+P'], run: a.print, enabled: on },
    { id: 'help', keys: ['?', 'F1'], run: a.help, enabled: on },
  ]);
}
