/**
 * A whole sale in Bengali with the keyboard only, as a counter agent makes
 * it all day: sign-in, search, trip, seat, passenger, sell and the printed
 * ticket, in the desktop shell (its test double, so the print is silent and
 * recorded). Every key press is counted; no mouse at all.
 */
import { expect, test } from '@playwright/test';
import { installFakeShell, printJobs } from './support/fake-shell';
import { localDate } from './support/clock';
import { countedKeyboard } from './support/keystrokes';
import { DEMO } from './support/session';

test.beforeEach(async ({ context }) => {
  await installFakeShell(context);
});

test('a keyboard-only Bengali sale, from sign-in to the printed ticket, in a counted number of keys', async ({
  page,
}, testInfo) => {
  // A whole sale with a sign-in and a seat-map render on a busy 2-core machine: more than the 60 s default.
  test.setTimeout(120_000);
  const keys = countedKeyboard(page);
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toBeFocused();

  // Bengali from the sign-in page's language menu: back to its button, open, down to বাংলা, take it.
  await keys.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Language' })).toBeFocused();
  await keys.press('Enter');
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await expect(page.getByRole('button', { name: 'ভাষা' })).toBeFocused();
  await keys.press('Tab');
  await keys.type(DEMO.agent.username);
  await keys.press('Tab');
  await keys.type(DEMO.agent.password);
  await keys.press('Enter');
  await expect(page.getByRole('button', { name: 'ব্যবহারকারী মেনু' })).toBeVisible({ timeout: 30_000 });

  // Alt+1: the selling screen, the first of the menu; the focus waits in From.
  await keys.press('Alt+1');
  await expect(page).toHaveURL(/\/reservation$/);
  const from = page.getByRole('combobox', { name: 'যাত্রা শুরু' });
  await expect(from).toBeFocused();

  // Three search fields and the search: the date (back one), From in Latin letters, To in Bengali, Enter.
  const tabsInSearch = keys.tabsFrom();
  await keys.press('Shift+Tab');
  await keys.press('Control+A');
  await keys.type(localDate(3));
  await keys.press('Tab');
  await expect(from).toBeFocused();
  await keys.type('dha');
  await keys.press('Enter');
  await keys.press('Tab');
  await keys.type('চট্ট');
  await keys.press('Enter');
  await keys.press('Enter');
  expect(tabsInSearch()).toBeLessThanOrEqual(3);

  // The first trip's Pick has the focus; Enter picks it, and the focus moves to the first free seat.
  const trips = page.getByRole('table', { name: 'ট্রিপ' });
  await expect(trips.getByRole('button').first()).toBeFocused();
  await keys.press('Enter');
  const seat = page.locator('[data-seat]:focus');
  await expect(seat).toHaveClass(/seat-map__seat--available/);
  const seatName = await seat.getAttribute('data-seat');
  await keys.press('Space');
  await expect(page.locator(`[data-seat="${seatName}"]`)).toHaveAttribute('aria-pressed', 'true');

  // F4: the passenger's phone, typed in Bengali digits on a Bengali layout; the name; F9 and Enter sell.
  await keys.press('F4');
  await keys.type('০১৭১১৯৯৮৮৭৭');
  await expect(page.getByLabel('ফোন')).toHaveValue('01711998877');
  await keys.press('Tab');
  await keys.type('রহিম');
  await keys.press('F9');
  const preview = page.getByRole('dialog', { name: 'বিক্রি নিশ্চিত করুন' });
  await expect(preview).toContainText(seatName ?? '');
  await keys.press('Enter');

  // Sold: the focus is on Print; Enter prints silently through the shell; then the focus is on New sale.
  const sold = page.getByRole('region', { name: 'টিকিট বিক্রি হয়েছে' });
  await expect(sold).toBeVisible();
  const print = sold.getByRole('button', { name: 'প্রিন্ট' });
  await expect(print).toBeFocused();
  await keys.press('Enter');
  await expect.poll(() => printJobs(page).then((jobs) => jobs.length)).toBe(1);
  const [job] = await printJobs(page);
  expect(job!.html).toContain(seatName ?? '');
  await expect(sold.getByRole('button', { name: 'নতুন বিক্রি' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('sold-and-printed.png') });

  // 4 to Bengali, 1 + 5 + 1 + 9 + 1 to sign in, 1 to the screen, 1 + 1 + 10 + 1 for the date,
  // 3 + 1 + 1 + 4 + 1 + 1 for the cities and the search, 1 + 1 to the seat, 1 + 11 + 1 + 4 for the
  // passenger (রহিম is four keys), 1 + 1 to sell, 1 to print.
  expect(keys.counts.tabs).toBe(7);
  expect(keys.counts.total).toBe(68);
});
