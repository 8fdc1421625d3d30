/**
 * The reservation screen's keyboard shortcuts: one registry, one window
 * listener. Keys that type something (a plain '?', Alt+letter) are left alone
 * while the focus is in a text field, so the agent can type; function keys,
 * Ctrl/Meta combinations and Escape work everywhere, which is what lets a
 * counter agent press F9 straight from the phone field.
 */
export interface Shortcut {
  id: string;
  /** e.g. 'F9', 'Ctrl+Enter', 'Alt+N', '?', 'Escape'. */
  keys: readonly string[];
  run: () => void;
}

export interface ShortcutRegistry {
  register(shortcut: Shortcut): () => void;
  /** Runs the matching shortcut; true when one ran (the event is then prevented). */
  handle(event: KeyboardEvent): boolean;
  list(): readonly Shortcut[];
}

const FUNCTION_KEY = /^F\d{1,2}$/;

/** 'Ctrl+Shift+P' style name of a key event; letters upper-case, '?' stays '?'. */
export function comboOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'shiftKey'>): string {
  const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
  const parts: string[] = [];
  if (event.ctrlKey) parts.push('Ctrl');
  if (event.metaKey) parts.push('Meta');
  if (event.altKey) parts.push('Alt');
  // Shift is part of the character for printable keys ('?' is Shift+/), so it is named for named keys only.
  if (event.shiftKey && key.length > 1) parts.push('Shift');
  parts.push(key);
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
      if (event.defaultPrevented || event.isComposing) return false;
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
