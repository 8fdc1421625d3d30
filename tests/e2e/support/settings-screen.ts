import { expect, type Page } from '@playwright/test';

/**
 * Opens Settings from the user menu. Right after sign-in the homepage (the
 * reservation screen) may still move the focus to its first field, which
 * closes an open menu: open it again until the click lands.
 */
export async function openSettings(page: Page) {
  await expect(async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/settings$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('printer-form')).toBeVisible();
}
