import { expect, test, type Locator, type Page } from '@playwright/test';
import { sellTicket } from './records-helpers';
import { installFakeShell, printJobs } from './support/fake-shell';
import { DEMO, signIn } from './support/session';
import { REPORT_PATHS } from './reports-helpers';

/**
 * Issue #33: every screen a counter uses has its shortcuts (one table,
 * src/lib/keyboard/shortcut-table.ts), F1 lists them there, and one key per
 * drawer entry moves between screens. Keys go by the physical key
 * (KeyboardEvent.code): page.keyboard.press sends codes, and a keydown whose
 * `key` is a Bengali character (what a Bengali layout types) is dispatched
 * where a layout would change the key but not the code.
 */

// Eight screens and their files on a machine shared with other runs: more than the default minute.
test.describe.configure({ timeout: 240_000 });

const REPORT_TITLES = [
  'Sales summary',
  'Sales details',
  'Outlet sales',
  'Outlet sales by date range',
  'Outlet sales details by date range',
  'Omitted trips reservation details',
  'Reservation details',
  'Reservation history',
];

/**
 * Presses a screen key and waits for that screen's title: the address changes at once, the screen once its code has
 * loaded (the previous screen, and its keys, stay until then).
 */
async function goTo(page: Page, key: string, path: RegExp, title: string) {
  await page.keyboard.press(key);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible({ timeout: 30_000 });
}

/** F1 opens this screen's list; it names each text; Escape closes it. */
async function expectHelp(page: Page, texts: readonly string[], title = 'Keyboard shortcuts') {
  await page.keyboard.press('F1');
  const help = page.getByRole('dialog', { name: title });
  await expect(help).toBeVisible();
  for (const text of texts) await expect(help).toContainText(text);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
}

/** A keydown as a Bengali layout gives it: the typed character in `key`, the physical key in `code`. */
async function pressBengali(target: Locator, init: { key: string; code: string; altKey?: boolean }) {
  await target.evaluate(
    (element, init) =>
      element.dispatchEvent(new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true })),
    init,
  );
}

async function setBengali(page: Page) {
  await page.evaluate(() => localStorage.setItem('agent-portal.language', 'bn'));
  await page.reload();
}

/** Takes the focus out of any field: Alt+letter keys type into a field, so the screen does not take them there. */
const leaveFields = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

const drawerKey = (page: Page, path: string) =>
  page.getByRole('navigation').locator(`a[href="${path}"] kbd.screen-kbd`);

test('the drawer shows each entry’s key, and the keys move between screens from anywhere, in Bengali', async ({
  page,
}) => {
  await signIn(page, DEMO.agent);
  await setBengali(page);
  await expect(page.getByRole('navigation', { name: 'প্রধান মেনু' })).toBeVisible({ timeout: 30_000 });
  const operations: [string, string][] = [
    ['/reservation', 'Alt+1'],
    ['/ticket-operation', 'Alt+2'],
    ['/print-unprinted-ticket', 'Alt+3'],
    ['/extra-weight-charge', 'Alt+4'],
    ['/extra-weight-return', 'Alt+5'],
    ['/deposit', 'Alt+6'],
    ['/transaction', 'Alt+7'],
    ['/commission', 'Alt+8'],
  ];
  for (const [path, key] of operations) await expect(drawerKey(page, path)).toHaveText(key);
  for (const [index, path] of REPORT_PATHS.entries())
    await expect(drawerKey(page, `/report/${path}`)).toHaveText(`Alt+Shift+${index + 1}`);

  await goTo(page, 'Alt+6', /\/deposit$/, 'জমা');
  // F1 lists the screen's keys in the screen's language.
  await expectHelp(page, ['জমার অনুরোধ পাঠান', 'এইমাত্র পাঠানো অনুরোধের রসিদ প্রিন্ট', 'F9', 'Ctrl+P'], 'কিবোর্ড শর্টকাট');

  // From inside a text field: Alt+digit types nothing, so it is the screen key there too.
  const reference = page.locator('#referenceNumber');
  await reference.click();
  await page.keyboard.type('ABC');
  await goTo(page, 'Alt+7', /\/transaction$/, 'লেনদেন');

  // Under a Bengali layout the digit key types ৮: the key is Bengali, the code is still Digit8.
  const transactionId = page.locator('#transactionId');
  await transactionId.click();
  await pressBengali(transactionId, { key: '৮', code: 'Digit8', altKey: true });
  await expect(page).toHaveURL(/\/commission$/);

  await page.keyboard.press('Alt+Shift+Digit1');
  await expect(page).toHaveURL(/\/report\/sales-summary$/);
  await page.keyboard.press('Alt+Shift+Digit8');
  await expect(page).toHaveURL(/\/report\/agent-reservation-history$/);
  await page.keyboard.press('Alt+0');
  await expect(page).toHaveURL(/\/$/);
});

test('deposits: F9 sends the request, Ctrl+P prints its receipt, F2 goes to the list, Alt+N starts over', async ({
  page,
}) => {
  await installFakeShell(page);
  await signIn(page, DEMO.agent);
  await goTo(page, 'Alt+6', /\/deposit$/, 'Deposit');
  await expectHelp(page, [
    'Send the deposit request',
    'Print the receipt of the request just sent',
    'Ask the server for the list again',
    'Alt+R',
  ]);
  const form = page.getByRole('form', { name: 'Request a deposit' });
  // The request's button shows its key.
  await expect(form.getByRole('button', { name: 'Request deposit' })).toHaveAttribute('aria-keyshortcuts', /F9/);
  await form.getByLabel('Amount', { exact: true }).fill('500');
  await form.getByLabel('Confirm amount').fill('500');
  await form.getByLabel('Reference number').fill(`KEYS-${Date.now()}`);
  await form.getByLabel('Description').focus();
  await page.keyboard.press('F9');
  const done = page.getByRole('status').filter({ hasText: /Deposit DP\d{8} requested/ });
  await expect(done).toBeVisible();
  const transactionId = /DP\d{8}/.exec(await done.innerText())![0];

  await page.keyboard.press('Control+KeyP');
  await expect.poll(async () => (await printJobs(page)).length).toBe(1);
  expect((await printJobs(page))[0]!.html).toContain(transactionId);

  await page.keyboard.press('F2');
  await expect(page.locator('#transactionId')).toBeFocused();
  await leaveFields(page);
  await page.keyboard.press('Alt+KeyN');
  await expect(done).toBeHidden();
  await expect(form.getByLabel('Amount', { exact: true })).toBeFocused();
});

test('extra weight: F9 finds, reviews and charges, Ctrl+P prints; F9 finds and returns, Ctrl+P prints', async ({
  page,
  request,
}) => {
  const ticket = await sellTicket(request);
  await installFakeShell(page);
  await signIn(page, DEMO.agent);
  await goTo(page, 'Alt+4', /\/extra-weight-charge$/, 'Extra weight charge');
  await expectHelp(page, ['Find the ticket, then review and charge', 'Print the receipt of the charge just made']);

  await page.keyboard.press('F2');
  await page.keyboard.type(ticket.pnr);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ticket.pin);
  await page.keyboard.press('F9');
  await expect(page.getByRole('group', { name: 'Ticket' })).toContainText(ticket.pnr);
  // The ticket is found: the amount has the focus.
  await expect(page.getByRole('form', { name: 'Charge extra weight' }).getByLabel('Amount')).toBeFocused();
  await page.keyboard.type('175');
  await page.keyboard.press('Tab');
  await page.keyboard.type('One bag, 20 kg');
  await page.keyboard.press('F9');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('F9');
  const result = page.getByRole('region', { name: /^Extra weight \w+ charged$/ });
  await expect(result).toBeVisible();
  const chargePnr = /Extra weight (\w+) charged/.exec((await result.getAttribute('aria-label'))!)![1]!;
  await page.keyboard.press('Control+KeyP');
  await expect.poll(async () => (await printJobs(page)).length).toBe(1);
  expect((await printJobs(page))[0]!.html).toContain(chargePnr);

  await goTo(page, 'Alt+5', /\/extra-weight-return$/, 'Extra weight return');
  await page.keyboard.type(chargePnr);
  await page.keyboard.press('F9');
  await expect(page.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
  await page.keyboard.press('F9');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('F9');
  await expect(page.getByRole('cell', { name: 'Returned', exact: true })).toBeVisible();
  await page.keyboard.press('Control+KeyP');
  await expect.poll(async () => (await printJobs(page)).length).toBe(2);
  expect((await printJobs(page)).at(-1)!.html).toContain('Extra weight return receipt');
});

test('unprinted tickets: F2 goes to the list, Space ticks, F9 prints the ticked tickets', async ({ page, request }) => {
  const ticket = await sellTicket(request);
  await installFakeShell(page);
  await signIn(page, DEMO.agent);
  await goTo(page, 'Alt+3', /\/print-unprinted-ticket$/, 'Print unprinted ticket');
  const table = page.getByRole('table', { name: 'Tickets not printed yet' });
  await expect(table.getByRole('row').filter({ hasText: ticket.pnr })).toBeVisible();
  await page.keyboard.press('F2');
  const first = table.locator('tbody tr.ant-table-row').first().getByRole('checkbox');
  await expect(first).toBeFocused();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await page.keyboard.press('F9');
  await expect(page.getByRole('alert').filter({ hasText: 'printed, 0 failed' })).toContainText('1 printed, 0 failed');
  expect(await printJobs(page)).toHaveLength(1);
  // Last: closing the list gives the focus back to where it was, a moment later.
  await expectHelp(page, ['Print the ticked tickets', 'Go to the first ticket of the list (Space ticks it)']);
});

test('transactions and commissions: F9 searches, Alt+R asks again, Ctrl+S and Ctrl+Shift+S download, Ctrl+P prints', async ({
  page,
}) => {
  await installFakeShell(page);
  await signIn(page, DEMO.agent);
  await goTo(page, 'Alt+7', /\/transaction$/, 'Transactions');
  await expectHelp(page, [
    'Search with these filters',
    'Download the CSV file',
    'Print the whole list',
    'Ctrl+Shift+S',
  ]);

  const searched = () => page.waitForRequest((r) => r.url().endsWith('/api/account/searchTransactions'));
  let asked = searched();
  await page.keyboard.press('F9');
  await asked;
  asked = searched();
  await page.keyboard.press('Alt+KeyR');
  await asked;

  const [sheet] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+KeyS')]);
  expect(sheet.suggestedFilename()).toMatch(/\.xlsx$/);
  // The download starts before the screen has taken the file back (its buttons still disabled a moment, when it
  // ignores a next file by design): the next key once they are enabled again, as the agent sees.
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeEnabled();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+Shift+KeyS')]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  // One file at a time: the screen takes the next once the CSV is made (its buttons enabled again), as the agent sees.
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeEnabled();
  await page.keyboard.press('Control+KeyP');
  await expect.poll(async () => (await printJobs(page)).length).toBe(1);

  await goTo(page, 'Alt+8', /\/commission$/, 'Commissions');
  await page.keyboard.press('F2');
  await expect(page.getByRole('form', { name: 'Filters' }).locator('input').first()).toBeFocused();
  await expectHelp(page, ['Put the filters back to this month', 'Alt+N']);
  const listed = () => page.waitForRequest((r) => r.url().endsWith('/api/account/commissionList'));
  asked = listed();
  await page.keyboard.press('F9');
  await asked;
  // Alt+N under a Bengali layout (the N key types ন): the filters go back to this month and search again.
  asked = listed();
  await pressBengali(page.locator('body'), { key: 'ন', code: 'KeyN', altKey: true });
  await asked;
});

test('reports: on every report F1 lists run, export and print, F9 runs; the keys download and print', async ({
  page,
}) => {
  await installFakeShell(page);
  await signIn(page, DEMO.agent);
  const details = page.getByRole('region', { name: 'Report details' });
  for (const [index, path] of REPORT_PATHS.entries()) {
    await goTo(page, `Alt+Shift+Digit${index + 1}`, new RegExp(`/report/${path}$`), REPORT_TITLES[index]!);
    await expectHelp(page, ['Run the report', 'Download XLSX', 'Download PDF', 'Print the report', 'Ctrl+S']);
    await expect(page.getByRole('button', { name: 'Run' })).toHaveAttribute('aria-keyshortcuts', /F9/);
    await page.keyboard.press('F9');
    // A report runs on the server, which shares this machine with other runs: up to a minute.
    await expect(details).toBeVisible({ timeout: 60_000 });
  }

  // The last report on screen: its files and its print, by keys.
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+KeyS')]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+Shift+KeyS')]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  await page.keyboard.press('Control+KeyP');
  await expect.poll(async () => (await printJobs(page)).length).toBe(1);

  // Alt+N: the report's default filters, and the result cleared until the next run.
  await leaveFields(page);
  await page.keyboard.press('Alt+KeyN');
  await expect(details).toBeHidden();
  await expect(page.getByText('Choose the filters and press Run (or Enter).').first()).toBeVisible();
});
