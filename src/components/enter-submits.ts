import type { KeyboardEvent } from 'react';
import { installSelectPicks, isPlainEnter, picksFromList, selectInput } from './select-picks';

/**
 * Enter on a search form searches, from any of its fields. Inputs do that
 * by themselves; a closed select would instead open its list again. Put on
 * the form (or its wrapper) as onKeyDownCapture: an Enter on a select whose
 * list is closed submits, one whose list is open still picks the highlighted
 * option and does not submit, and a quick second Enter after that pick, whose
 * list rc-select has not closed yet, submits (select-picks.ts tells which).
 */
export function enterSubmits(submit: () => void) {
  installSelectPicks();
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!selectInput(event.target)) return;
    if (!isPlainEnter(event.nativeEvent) || picksFromList(event.nativeEvent)) return;
    event.preventDefault();
    event.stopPropagation();
    submit();
  };
}
