/**
 * A whole sale in Bengali with the keyboard only, as a counter agent makes
 * it all day: sign-in, search, trip, seat, passenger, sell and the printed
 * ticket, in the desktop shell (its test double, so the print is silent and
 * recorded). Every key press is counted; no mouse at all.
 */
import { expect as baseExpect, test, type BrowserContext } from '@playwright/test';
import { installFakeShell, printJobs } from './support/fake-shell';
import { localDate } from './support/clock';
import { countedKeyboard } from './support/keystrokes';
import { DEMO } from './support/session';

// Every wait is on a state (a focus, a region, a print job); on a 2-core machine shared with other runs a lazy screen,
// a seat map or a priced preview can take longer than the 10 s default to arrive, hence 30 s for each.
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeEach(async ({ context }) => {
  await installFakeShell(context);
});

test('a keyboard-only Bengali sale, from sign-in to the printed ticket, in a counted number of keys', async ({
  page,
}, testInfo) => {
  // A whole sale with a sign-in, a seat-map render and a look-up on a busy 2-core machine: more than the 60 s default.
  test.setTimeout(240_000);
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
  await expect(page.getByRole('button', { name: 'ব্যবহারকারী মেনু' })).toBeVisible({ timeout: 60_000 });

  // Alt+1: the selling screen, the first of the menu; the focus waits in From.
  await keys.press('Alt+1');
  await expect(page).toHaveURL(/\/reservation$/);
  const from = page.getByRole('combobox', { name: 'যাত্রা শুরু' });
  await expect(from).toBeFocused();

  // Three search fields and the search: the date (back one), From in Latin letters, To in Bengali, Enter. Three
  // days ahead; a repetition (--repeat-each, one database) a day further each time: the demo agent may hold at most
  // 4 seats of an AC Sleeper trip, and every run sells one on the first trip.
  const tabsInSearch = keys.tabsFrom();
  await keys.press('Shift+Tab');
  await keys.press('Control+A');
  await keys.type(localDate(3 + testInfo.repeatEachIndex));
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
  // The confirm button takes the focus once the server has priced the sale; before that Enter would do nothing.
  await expect(preview.getByRole('button', { name: 'নিশ্চিত করে বিক্রি' })).toBeFocused();
  await keys.press('Enter');

  // Sold: the desktop app prints the ticket by itself (its default), silently through the shell, in Bengali; the
  // focus then waits on New sale (with auto-print off it waits on Print first: the reservation-print unit test).
  const sold = page.getByRole('region', { name: 'টিকিট বিক্রি হয়েছে' });
  await expect(sold).toBeVisible();
  await expect.poll(() => printJobs(page).then((jobs) => jobs.length)).toBe(1);
  const [job] = await printJobs(page);
  expect(job!.html).toContain('<html lang="bn">');
  expect(job!.html).toContain(seatName ?? '');
  await expect(sold.getByRole('button', { name: 'নতুন বিক্রি' })).toBeFocused();
  const pnr = (await sold.locator('.reservation-pnr').textContent()) ?? '';
  const pin = (await sold.locator('.reservation-pin').textContent()) ?? '';
  await page.screenshot({ path: testInfo.outputPath('sold-and-printed.png') });
  await showTicket(page.context(), job!.html, testInfo.outputPath('printed-ticket.png'));

  // Enter on New sale: the next sale starts in From.
  await keys.press('Enter');
  await expect(from).toBeFocused();

  // 4 to Bengali, 1 + 5 + 1 + 9 + 1 to sign in, 1 to the screen, 1 + 1 + 10 + 1 for the date,
  // 3 + 1 + 1 + 4 + 1 + 1 for the cities and the search, 1 + 1 to the seat, 1 + 11 + 1 + 4 for the
  // passenger (রহিম is four keys), 1 + 1 to sell, 1 for the next sale.
  expect(keys.counts.tabs).toBe(7);
  expect(keys.counts.total).toBe(68);

  // The same ticket on ticket operations (Alt+2): PNR, PIN, Enter; the focus is on its first action, and Ctrl+P
  // prints it again.
  const lookUp = keys.since();
  await keys.press('Alt+2');
  await expect(page).toHaveURL(/\/ticket-operation$/);
  await expect(page.getByRole('textbox', { name: 'পিএনআর' })).toBeFocused();
  await keys.type(pnr);
  await keys.press('Tab');
  await keys.type(pin);
  await keys.press('Enter');
  const actions = page.getByRole('group', { name: 'কাজ' });
  await expect(actions.getByRole('button').first()).toBeFocused();
  await keys.press('Control+P');
  await expect.poll(() => printJobs(page).then((jobs) => jobs.length)).toBe(2);
  expect((await printJobs(page))[1]!.html).toContain(pnr);
  // 1 to the screen, 10 + 1 + 6 + 1 to look up, 1 to print.
  expect(lookUp()).toEqual({ total: 20, tabs: 1 });
});

/** Opens the printed ticket's HTML on its own page and keeps a picture of it (the test's output, to look at). */
async function showTicket(context: BrowserContext, html: string, path: string) {
  const ticket = await context.newPage();
  await ticket.setContent(html);
  await ticket.screenshot({ path, fullPage: true });
  await ticket.close();
}
