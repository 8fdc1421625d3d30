import { expect, type Locator, type Page } from '@playwright/test';

/**
 * An antd dialog once its opening zoom has ended. Playwright's "stable"
 * check compares two animation frames, and on a loaded machine the zoom can
 * stall long enough to pass it while the dialog still moves: the press and
 * the release then land on different elements and the click is lost.
 */
export async function openedDialog(page: Page, name?: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog', name === undefined ? {} : { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/-(appear|enter)\b/);
  return dialog;
}
