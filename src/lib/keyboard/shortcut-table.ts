/**
 * THE shortcut table: every key the portal answers, written once. A key means
 * one thing on every screen (F2 is always "go to this screen's search", F9
 * always "do this screen's main action"); a screen binds the entries it has
 * (components/screen-shortcuts.tsx) and F1 lists exactly those.
 *
 * Keys are named by KeyboardEvent.code, the physical key, not by the character
 * it types: under a Bengali layout Alt+N types "ন"-ish characters or nothing,
 * but its code is still KeyN. A combo is the held modifiers (Ctrl, Meta, Alt,
 * Shift, in that order) and the code joined by '+': 'Alt+KeyN', 'Shift+Slash'
 * ('?'), 'F9'.
 */
export const SHORTCUTS = {
  help: ['F1', 'Shift+Slash'],
  /** Focus the first field of this screen's search: From on selling, the PNR on ticket operations, a filter. */
  search: ['F2'],
  seatMap: ['F3'],
  passenger: ['F4'],
  /** Book (reserve without payment) on the selling screen. */
  book: ['F8'],
  /** The screen's main action: sell, send the request, charge, look up, run the report. */
  submit: ['F9', 'Ctrl+Enter'],
  /** Start over: a new sale, a new look-up, a new request. */
  new: ['Alt+KeyN'],
  refresh: ['Alt+KeyR'],
  /** Print this screen's document (the ticket, the receipt, the list, the report); never the page. */
  print: ['Ctrl+KeyP', 'Meta+KeyP'],
  /** Download this screen's spreadsheet (XLSX). Ctrl+S: what "save" means everywhere. */
  exportSheet: ['Ctrl+KeyS', 'Meta+KeyS'],
  /** Download this screen's other file (the PDF of a report, the CSV of transactions). */
  exportFile: ['Ctrl+Shift+KeyS', 'Meta+Shift+KeyS'],
  // Handled by the components themselves; listed in the help.
  pickSeat: ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'Space'],
  confirm: ['Enter'],
  close: ['Escape'],
} as const satisfies Record<string, readonly string[]>;

export type ShortcutId = keyof typeof SHORTCUTS;

/**
 * One key per drawer entry. Alt+digit by the digit key's code: Electron
 * reserves nothing there (the shell has no tabs and no menu mnemonics on
 * digits), Chromium on Windows keeps its tab keys on Ctrl+1..9, and a digit
 * with Alt types no character, so it works from inside a text field too.
 * Ctrl+digit is Chromium's tab switch, Ctrl+Shift+letters are partly reserved
 * (N, T, W, Q, I, J...), and Alt+F/E open Chromium's menu: all avoided. The
 * reports, the drawer's second group, take Alt+Shift+digit in drawer order.
 */
export const SCREEN_KEYS: Readonly<Record<string, string>> = {
  '/': 'Alt+Digit0',
  '/reservation': 'Alt+Digit1',
  '/ticket-operation': 'Alt+Digit2',
  '/print-unprinted-ticket': 'Alt+Digit3',
  '/extra-weight-charge': 'Alt+Digit4',
  '/extra-weight-return': 'Alt+Digit5',
  '/deposit': 'Alt+Digit6',
  '/transaction': 'Alt+Digit7',
  '/commission': 'Alt+Digit8',
};

/** A report's key from its place in the reports group (0-based): Alt+Shift+1..9. */
export function reportScreenKey(index: number): string | undefined {
  return index >= 0 && index < 9 ? `Alt+Shift+Digit${index + 1}` : undefined;
}

const NAMED: Readonly<Record<string, string>> = {
  'Shift+Slash': '?',
  ArrowLeft: '←',
  ArrowUp: '↑',
  ArrowRight: '→',
  ArrowDown: '↓',
  Escape: 'Esc',
};

/** How a combo is written for people: 'Alt+KeyN' -> 'Alt+N', 'Shift+Slash' -> '?'. */
export function keyLabel(combo: string): string {
  if (NAMED[combo]) return NAMED[combo];
  return combo
    .split('+')
    .map((part) => part.replace(/^Key([A-Z])$/, '$1').replace(/^Digit(\d)$/, '$1'))
    .join('+');
}

/** The aria-keyshortcuts value of an entry ('Alt+KeyN' -> 'Alt+N', Ctrl -> Control). */
export function ariaKeys(id: ShortcutId): string {
  return SHORTCUTS[id].map((combo) => keyLabel(combo).replace(/^Ctrl\+/, 'Control+')).join(' ');
}
