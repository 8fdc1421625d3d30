import { expect, type Page } from '@playwright/test';

export const DEMO = {
  agent: { username: 'agent', password: 'Agent@123' },
  seller: { username: 'seller', password: 'Seller@123' },
  postpaid: { username: 'postpaid', password: 'Postpaid@123' },
  expiring: { username: 'expiring', password: 'Expiring@123' },
} as const;

/** Signs in through the sign-in page as a person would. */
export async function signIn(
  page: Page,
  user: { username: string; password: string },
  options: { remember?: boolean } = {},
) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  if (options.remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A sign-in is a password hash on the server (scrypt, ~0.2 s of CPU) and the first load of the
  // homepage's chunks: on a 2-core machine busy with other work a cold one took 15 s, past the
  // 10 s default of every other expectation.
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible({ timeout: 30_000 });
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
