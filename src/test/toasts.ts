import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The portal's toast host, for a test that renders one component without the whole app. */
export { default as ToastHost } from '../app/notification-host';

/** The toasts on screen (antd notifications). */
export function toasts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.ant-notification-notice')];
}

/** The texts of the toasts on screen, in order. */
export function toastTexts(): string[] {
  return toasts().map((el) => el.textContent ?? '');
}

/** Waits for exactly one toast reading `text` (no other toast says it too), and returns it. */
export async function findOneToast(text: string): Promise<HTMLElement> {
  const matching = () => toasts().filter((el) => el.textContent === text);
  await waitFor(() => expect(matching()).toHaveLength(1));
  // A second raise for the same failure would come a moment later: let it, then count again.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(matching()).toHaveLength(1);
  return matching()[0]!;
}
