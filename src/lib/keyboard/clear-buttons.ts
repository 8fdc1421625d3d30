import { useEffect } from 'react';

/**
 * Tab goes from field to field, never to a field's clear icon. antd draws the
 * clear icon of a Select, an Input (allowClear) and a DatePicker as a
 * <button>, so Tab stops on it whenever the field has a value: a search form
 * of three fields took eight presses. The mouse still clears with it; the
 * keyboard clears with Backspace (Ctrl+A first in a text field).
 *
 * antd has no prop for the button's tabindex, so the portal sets it on every
 * clear button as it appears, dialogs and drawers included (they render
 * under document.body), once for the whole signed-in portal.
 */
export const CLEAR_BUTTONS = 'button.ant-select-clear, button.ant-input-clear-icon, button.ant-picker-clear';

function takeOutOfTabOrder(node: Node): void {
  if (!(node instanceof Element)) return;
  if (node.matches(CLEAR_BUTTONS)) (node as HTMLElement).tabIndex = -1;
  node.querySelectorAll<HTMLElement>(CLEAR_BUTTONS).forEach((button) => {
    button.tabIndex = -1;
  });
}

/** Keeps the clear buttons under `root` out of the Tab order, those added later too; answers the stop. */
export function keepClearButtonsOutOfTabOrder(root: HTMLElement = document.body): () => void {
  takeOutOfTabOrder(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(takeOutOfTabOrder);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

export function useClearButtonsOutOfTabOrder(): void {
  useEffect(() => keepClearButtonsOutOfTabOrder(), []);
}
