/**
 * The key beside a button whose action has one (lib/keyboard/shortcut-table.ts),
 * so the agent learns it by using the mouse. Drawn in the same key style as the
 * F1 list; hidden from screen readers, which hear the button's
 * aria-keyshortcuts instead (keyHintProps), so the button's name stays its words.
 */
import { SHORTCUTS, ariaKeys, keyLabel, type ShortcutId } from '../lib/keyboard/shortcut-table';

export function KeyHint({ id }: { id: ShortcutId }) {
  return (
    <kbd className="screen-kbd" aria-hidden style={{ marginInlineStart: 6 }}>
      {keyLabel(SHORTCUTS[id][0])}
    </kbd>
  );
}

/** The button's side of the hint: its keys for assistive technology. */
export function keyHintProps(id: ShortcutId): { 'aria-keyshortcuts': string } {
  return { 'aria-keyshortcuts': ariaKeys(id) };
}
