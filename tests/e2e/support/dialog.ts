import { expect, type Locator, type Page } from '@playwright/test';

/**
 * An antd dialog once its opening zoom has ended. Playwright's "stable"
 * check compares two animation frames, and on a loaded machine the zoom can
 * stall long enough to pass it while the dialog still moves: the press and
 * the release then land on different elements and the click is lost.
 * `which`: the dialog's name, or an element it holds.
 */
export async function openedDialog(page: Page, which?: string | RegExp | { has: Locator }): Promise<Locator> {
  const dialog =
    which === undefined ? page.getByRole('dialog') : typeof which === 'object' && 'has' in which ? page.getByRole('dialog').filter(which) : page.getByRole('dialog', { name: which });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/-(appear|enter)\b/);
  return dialog;
}
