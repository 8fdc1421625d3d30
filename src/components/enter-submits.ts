import type { KeyboardEvent } from 'react';

/**
 * Enter on a search form searches, from any of its fields. Inputs do that
 * by themselves; a closed select would instead open its list again. Put on
 * the form's wrapper as onKeyDownCapture: an Enter on a select whose list is
 * closed submits, one whose list is open still picks the highlighted option.
 */
export function enterSubmits(submit: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    if (target.getAttribute('role') !== 'combobox' || target.getAttribute('aria-expanded') === 'true') return;
    if (!target.closest('.ant-select')) return;
    event.preventDefault();
    event.stopPropagation();
    submit();
  };
}
