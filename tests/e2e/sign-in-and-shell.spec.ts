import { expect, test } from '@playwright/test';
import { operator } from './support/operator';
import { DEMO, signIn, signOut } from './support/session';
import { toast } from './support/toast';

const menu = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: /^(Main menu|প্রধান মেনু)$/ });

test('agent and seller get different homepages and drawers', async ({ page }) => {
  await signIn(page, DEMO.agent);
  await expect(page).toHaveURL(/\/reservation$/);
  await expect(page).toHaveTitle('Agent: Reservation');
  for (const entry of [
    'Reservation',
    'Ticket operation',
    'Deposit',
    'Transactions',
    'Sales summary',
    'Reservation history',
  ]) {
    await expect(menu(page).getByText(entry, { exact: true })).toBeVisible();
  }
  await signOut(page);

  await signIn(page, DEMO.seller);
  await expect(page).toHaveURL(/\/reservation$/);
  await expect(menu(page).getByText('Reservation', { exact: true })).toBeVisible();
  for (const hidden of ['Ticket operation', 'Deposit', 'Transactions', 'Sales summary', 'Reservation history']) {
    await expect(menu(page).getByText(hidden, { exact: true })).toHaveCount(0);
  }
  // A direct visit to a page the seller may not open goes back to their homepage.
  await page.goto('/transaction');
  await expect(page).toHaveURL(/\/reservation$/);
  await page.goto('/report/sales-summary');
  await expect(page).toHaveURL(/\/reservation$/);
});

test('a signed-out visit remembers the page and returns to it after sign-in', async ({ page }) => {
  await page.goto('/deposit');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, DEMO.agent);
  await expect(page).toHaveURL(/\/deposit$/);
  await expect(page).toHaveTitle('Agent: Deposit');
});

test('unknown pages and error paths land on the 404 page', async ({ page }) => {
  await page.goto('/error/teapot');
  await expect(page).toHaveURL(/\/error\/404$/);
  await signIn(page, DEMO.agent);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/error\/404$/);
  await page.goto('/report/no-such-report');
  await expect(page).toHaveURL(/\/error\/404$/);
});

test('switching company changes the company shown and the account chip', async ({ page }) => {
  await signIn(page, DEMO.agent);
  const chip = page.getByRole('status', { name: 'Account' });
  await expect(chip).toContainText('৳');
  const chipBefore = await chip.innerText();

  await page.getByRole('button', { name: 'Switch company' }).click();
  const other = page.locator('.ant-dropdown-menu-item:not(.ant-dropdown-menu-item-selected)').first();
  const otherName = (await other.innerText()).trim();
  await other.click();
  await page.waitForLoadState('load');

  await expect(page.locator('header')).toContainText(otherName);
  await expect(chip).toContainText('৳');
  await expect.poll(() => chip.innerText()).not.toBe(chipBefore);
});

test('a postpaid agent sees a bill, a prepaid agent a balance', async ({ page }) => {
  await signIn(page, DEMO.postpaid);
  await expect(page.getByRole('status', { name: 'Account' })).toContainText(/Bill/);
  await signOut(page);
  await signIn(page, DEMO.agent);
  await expect(page.getByRole('status', { name: 'Account' })).toContainText(/Balance/);
});

test('the password-expiry banner shows the days left and can be dismissed', async ({ page }) => {
  await signIn(page, DEMO.expiring);
  const banner = page.getByRole('alert').filter({ hasText: 'Your password will be expired in 3 days' });
  await expect(banner).toContainText('Your password will be expired in 3 days');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
});

test('Bengali switches the whole portal, with real Bengali glyphs', async ({ page }) => {
  await signIn(page, DEMO.agent);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'বাংলা' }).click();
  await expect(menu(page)).toContainText('রিজার্ভেশন');
  await expect(page).toHaveTitle('Agent: রিজার্ভেশন');
  await page.screenshot({ path: 'tests/artifacts/bengali-portal.png', fullPage: true });
  // Back to English for the tests that follow in this browser profile.
  await page.getByRole('button', { name: 'ভাষা' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(menu(page)).toContainText('Reservation');
});

test('an expired session sends the agent to sign in and back to the page', async ({ page }) => {
  await signIn(page, DEMO.agent);
  await page.goto('/profile');
  await expect(page.getByText('Agent Portal', { exact: false }).first()).toBeVisible();
  operator('sessions', 'end', DEMO.agent.username);
  await page.getByRole('status', { name: 'Account' }).getByRole('button', { name: 'Refresh balance' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Invalid session. Please login again.')).toHaveCount(1);
  await signIn(page, DEMO.agent);
  await expect(page).toHaveURL(/\/profile$/);
});

test('going offline and back online is announced', async ({ page, context }) => {
  await signIn(page, DEMO.agent);
  await context.setOffline(true);
  await expect(page.getByText('No internet connection')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Connection available now')).toBeVisible();
});

test('without "remember me" the session ends with the window; with it, it stays', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await signIn(first, DEMO.agent);
  const second = await context.newPage();
  await second.goto('/profile');
  await expect(second).toHaveURL(/\/login$/);

  await signIn(second, DEMO.agent, { remember: true });
  const third = await context.newPage();
  await third.goto('/profile');
  await expect(third).toHaveURL(/\/profile$/);
  await context.close();
});

test('a failing company look-up at start-up keeps the remembered agent signed in until it answers', async ({
  page,
}) => {
  await signIn(page, DEMO.agent, { remember: true });
  const company = page.getByTestId('current-company');
  await expect(company).not.toBeEmpty();
  const companyName = await company.innerText();
  const stored = () => page.evaluate(() => window.localStorage.getItem('agent-portal.session'));
  const session = await stored();
  expect(session).not.toBeNull();

  // A flaky link: the company list gets no answer at all.
  const companyLookup = '**/api/lookup/company';
  await page.route(companyLookup, (route) => route.abort('failed'));
  await page.reload();
  const notice = page.getByRole('alert', { name: 'Cannot reach the server' });
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(/\/reservation$/);
  expect(await stored()).toBe(session);

  // The link comes back: the next try (backoff, at most 30 s away) lets the agent in under the same company.
  await page.unroute(companyLookup);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible({ timeout: 40_000 });
  await expect(notice).toHaveCount(0);
  await expect(page).toHaveURL(/\/reservation$/);
  await expect(company).toHaveText(companyName);
  expect(await stored()).toBe(session);
});
