import { expect, type Page } from '@playwright/test';

/** Opens Settings from the user menu. */
export async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Ticket printing' })).toBeVisible();
}

/** Chooses the printer, paper, copies and auto-print on the Settings screen and saves them. */
export async function choosePrinterSettings(
  page: Page,
  options: { printer: string; paper: string; copies: number; autoPrint: boolean },
) {
  await openSettings(page);
  const form = page.getByRole('form', { name: 'Ticket printing' });
  await form.getByRole('combobox').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ has: page.getByTestId('printer-option').filter({ hasText: options.printer }) })
    .click();
  await form.getByText(options.paper, { exact: true }).click();
  await form.getByLabel('Copies').fill(String(options.copies));
  const auto = form.getByRole('switch', { name: 'Print tickets automatically after sale' });
  if ((await auto.getAttribute('aria-checked')) !== String(options.autoPrint)) await auto.click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Printer settings saved');
}
