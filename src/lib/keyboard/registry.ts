/**
 * One screen's shortcuts: a registry and one window listener. Keys are matched
 * by their physical key (KeyboardEvent.code), so they work under a Bengali
 * layout. Keys that type something (a plain '?', Alt+letter) are left alone
 * while the focus is in a text field, so the agent can type; function keys,
 * Ctrl/Meta combinations, Alt+digit and Escape work everywhere, which is what
 * lets a counter agent press F9 straight from the phone field.
 */
export interface Shortcut {
  id: string;
  /** Combos by code, e.g. 'F9', 'Ctrl+Enter', 'Alt+KeyN', 'Shift+Slash' (lib/keyboard/shortcut-table.ts). */
  keys: readonly string[];
  run: () => void;
}

export interface ShortcutRegistry {
  register(shortcut: Shortcut): () => void;
  /** Runs the matching shortcut; true when one ran (the event is then prevented). */
  handle(event: KeyboardEvent): boolean;
  list(): readonly Shortcut[];
}

type KeyFields = Pick<KeyboardEvent, 'code' | 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'shiftKey'>;

const FUNCTION_KEY = /^F\d{1,2}$/;
const MODIFIER = /^(Control|Shift|Alt|Meta|OS)(Left|Right)?$/;

/** 'Ctrl+Shift+KeyP' style name of a key event, by the physical key. */
export function comboOf(event: KeyFields): string {
  // A synthetic event (or an odd keyboard driver) may carry no code, or 'Unknown': fall back to the key's name.
  const code =
    event.code && event.code !== 'Unknown'
      ? event.code
      : event.key.length === 1
        ? `Key${event.key.toUpperCase()}`
        : event.key;
  const parts: string[] = [];
  if (event.ctrlKey) parts.push('Ctrl');
  if (event.metaKey) parts.push('Meta');
  if (event.altKey) parts.push('Alt');
  if (event.shiftKey) parts.push('Shift');
  parts.push(code);
  return parts.join('+');
}

export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
}

/** Whether a combo would fight with typing in a text field. */
function typesText(combo: string): boolean {
  const parts = combo.split('+');
  const key = parts[parts.length - 1] ?? '';
  if (parts.includes('Ctrl') || parts.includes('Meta')) return false;
  if (FUNCTION_KEY.test(key) || key === 'Escape') return false;
  // Alt with a digit types nothing on Windows or Linux (Alt+numpad codes use the numpad, not these keys).
  if (parts.includes('Alt') && /^Digit\d$/.test(key)) return false;
  return true;
}

export function createShortcutRegistry(): ShortcutRegistry {
  const shortcuts = new Map<string, Shortcut>();
  return {
    register(shortcut) {
      shortcuts.set(shortcut.id, shortcut);
      return () => {
        if (shortcuts.get(shortcut.id) === shortcut) shortcuts.delete(shortcut.id);
      };
    },
    handle(event) {
      if (event.defaultPrevented || event.isComposing || MODIFIER.test(event.code)) return false;
      const combo = comboOf(event);
      if (isEditable(event.target) && typesText(combo)) return false;
      for (const shortcut of shortcuts.values()) {
        if (!shortcut.keys.includes(combo)) continue;
        event.preventDefault();
        shortcut.run();
        return true;
      }
      return false;
    },
    list: () => [...shortcuts.values()],
  };
}
