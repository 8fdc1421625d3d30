import type { KeyboardEvent } from 'react';

/**
 * Enter on a search form searches, from any of its fields. Inputs do that
 * by themselves; a closed select would instead open its list again. Put on
 * the form (or its wrapper) as onKeyDownCapture: an Enter on a select whose
 * list is closed submits, one whose list is open still picks the highlighted
 * option and does not submit.
 *
 * The list does not close with the picking Enter: rc-select closes it a task
 * later (a MessageChannel message), so a quick second Enter can still find
 * aria-expanded="true". Whether it submits must not depend on that race, so
 * the picking Enter leaves a mark on the select, until its list has closed or
 * another key is pressed there: an Enter on a marked select submits, and a Tab moves on to the next field (before the
 * list closed, rc-select took it for a second pick and kept the focus: the next field's typing went to this one).
 */
const picking = new WeakMap<HTMLElement, MutationObserver>();

function unmark(select: HTMLElement): void {
  picking.get(select)?.disconnect();
  picking.delete(select);
}

/** Marks a select whose open list this Enter picks from; the mark goes when aria-expanded turns false. */
function markPicking(select: HTMLElement): void {
  unmark(select);
  const observer = new MutationObserver(() => {
    if (select.getAttribute('aria-expanded') !== 'true') unmark(select);
  });
  observer.observe(select, { attributes: true, attributeFilter: ['aria-expanded'] });
  picking.set(select, observer);
}

export function enterSubmits(submit: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const select = target.getAttribute('role') === 'combobox' && target.closest('.ant-select') !== null;
    if (!select) return;
    if (event.key === 'Tab' && picking.has(target)) {
      // rc-select takes a Tab in an open list as an Enter: it picks again and keeps the focus. After the picking
      // Enter the agent's Tab is for the next field (From, Enter, Tab, To), so rc-select does not see it.
      unmark(target);
      event.stopPropagation();
      return;
    }
    const plainEnter = event.key === 'Enter' && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
    if (!plainEnter || event.nativeEvent.isComposing) {
      // Typing or an arrow: the list is the agent's again, so the next Enter picks from it.
      unmark(target);
      return;
    }
    if (target.getAttribute('aria-expanded') === 'true' && !picking.has(target)) {
      markPicking(target);
      return;
    }
    unmark(target);
    event.preventDefault();
    event.stopPropagation();
    submit();
  };
}
