import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { installFakeShell, printJobs } from './support/fake-shell';
import { operator } from './support/operator';
import { sellTicket } from './records-helpers';
import { DEMO, signIn } from './support/session';
import { firstOfMonthPickerDate } from './support/clock';
import { fieldValue } from './support/fields';

/**
 * Money and records (issue #5) against the real server: deposits approved
 * with the operator CLI, extra weight charged and returned, transactions
 * filtered and exported, unprinted tickets printed. Tickets are sold in each
 * test through the HTTP API, so no test depends on another.
 */

async function balance(page: Page): Promise<number> {
  const chip = page.getByRole('status', { name: 'Account' });
  await expect(chip).toContainText('৳');
  const amount = /(-?[\d,]+\.\d{2})/.exec(await chip.innerText())?.[1];
  if (!amount) throw new Error('no amount in the account chip');
  return Number(amount.replace(/,/g, ''));
}

async function expectBalance(page: Page, amount: number) {
  await expect.poll(() => balance(page)).toBeCloseTo(amount, 2);
}

test('a deposit request counts once the operator approves it: balance and transaction', async ({ page }) => {
  await signIn(page, DEMO.agent);
  await page.goto('/deposit');
  await expect(page.getByRole('heading', { name: 'Deposit' })).toBeVisible();
  const before = await balance(page);
  const reference = `E2E-${Date.now()}`;
  const form = page.getByRole('form', { name: 'Request a deposit' });
  await form.getByLabel('Amount', { exact: true }).fill('1234.50');
  await form.getByLabel('Confirm amount').fill('1234.5');
  await form.getByLabel('Reference number').fill(reference);
  await form.getByLabel('Description').fill('Cash at the bank');
  await form.getByRole('button', { name: 'Request deposit' }).click();
  await expect(page.getByText(/Deposit DP\d{8} requested/)).toBeVisible();

  const row = page.getByRole('table', { name: 'Deposit requests' }).getByRole('row').filter({ hasText: reference });
  await expect(row.getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();
  const transactionId = (await row.locator('td').first().innerText()).trim();
  expect(transactionId).toMatch(/^DP\d{8}$/);
  // Pending money is not in the balance yet.
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expectBalance(page, before);

  expect(operator('deposit', 'approve', transactionId, '--employee', 'E2E operator')).toContain('APPROVED');
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expectBalance(page, before + 1234.5);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(row.getByRole('cell', { name: 'Approved', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Transactions' }).click();
  // By its reference, as an agent finds it: the suite's other specs put more than a page of rows before it (the
  // operator's command line approves at its own clock's start, earlier than today's sales).
  await page.getByLabel('Reference no').fill(reference);
  await page.getByRole('button', { name: 'Search' }).click();
  const credit = page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: reference });
  await expect(credit).toContainText('Deposit');
  await expect(credit).toContainText('৳ 1,234.50');
  await expect(credit).toContainText('E2E operator');
});

test('charges extra weight on a sold ticket and returns it: the balance goes back where it was', async ({
  page,
  request,
}) => {
  const ticket = await sellTicket(request);
  await installFakeShell(page);
  await signIn(page, DEMO.agent);
  await page.goto('/extra-weight-charge');
  const before = await balance(page);
  await page.getByLabel('PNR', { exact: true }).fill(ticket.pnr.toLowerCase());
  await page.getByLabel('PIN', { exact: true }).fill(ticket.pin);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('group', { name: 'Ticket' })).toContainText(ticket.pnr);

  const form = page.getByRole('form', { name: 'Charge extra weight' });
  await form.getByLabel('Amount').fill('175');
  await form.getByLabel('Description').fill('2 bags, 35 kg');
  await form.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog');
  await expect(await fieldValue(dialog, 'Amount')).toHaveText('৳ 175.00');
  // Nothing moved before the confirmation.
  expect(await balance(page)).toBeCloseTo(before, 2);
  await dialog.getByRole('button', { name: 'Charge' }).click();
  const result = page.getByRole('region', { name: /^Extra weight \w+ charged$/ });
  await expect(result).toContainText('charged');
  await expectBalance(page, before - 175);
  const chargePnr = (await (await fieldValue(result, 'Charge PNR')).innerText()).trim();
  expect(chargePnr).toMatch(/^[A-Z0-9]{10}$/);

  await result.getByRole('button', { name: 'Print receipt' }).click();
  await expect(page.getByText('Receipt printed')).toBeVisible();
  const jobs = await printJobs(page);
  expect(jobs).toHaveLength(1);
  expect(jobs[0]!.html).toContain(chargePnr);
  // The money receipt carries its voucher number and the embedded Bengali font.
  expect(jobs[0]!.html).toMatch(/Voucher no<\/th><td>XV-/);
  expect(jobs[0]!.html).toContain("font-family:'Ticket Bengali'");
  await expect(result.getByRole('button', { name: 'Reprint' })).toBeVisible();

  await page.goto('/extra-weight-return');
  await page.getByLabel('Charge PNR').fill(chargePnr);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Return' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Return' }).click();
  await expect(page.getByRole('cell', { name: 'Returned', exact: true })).toBeVisible();
  await expectBalance(page, before);
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect(page.getByText('Receipt printed')).toBeVisible();
  const returnReceipt = (await printJobs(page)).at(-1)!.html;
  expect(returnReceipt).toContain('Extra weight return receipt');
  expect(returnReceipt).toMatch(/Voucher no<\/th><td>XR-/);
});

test('filters transactions by date: defaults to this month, an old range is empty', async ({ page }) => {
  await signIn(page, DEMO.agent);
  await page.goto('/transaction');
  await expect(page.getByLabel('Start date')).toHaveValue(firstOfMonthPickerDate());
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();

  const setDate = async (label: string, value: string) => {
    const input = page.getByLabel(label);
    await input.click();
    await input.fill(value);
    await input.press('Enter');
  };
  await setDate('Start date', '2020-01-01');
  await setDate('End date', '2020-01-31');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table).toContainText('Nothing found for these filters');
  await expect(page.getByRole('group', { name: 'Total credit' })).toContainText('৳ 0.00');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByLabel('Start date')).toHaveValue(firstOfMonthPickerDate());
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();

  // The reason filter keeps only that kind of row.
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: /^Opening deposit$/ })
    .click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table).toContainText('Opening deposit');
});

test('prints an unprinted ticket through the ticket print path and it leaves the list', async ({ page, request }) => {
  const ticket = await sellTicket(request);
  await installFakeShell(page);
  await signIn(page, DEMO.agent);
  const recorded: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/reservation/savePrintAction/')) recorded.push(new URL(r.url()).pathname);
  });
  await page.goto('/print-unprinted-ticket');
  const row = page
    .getByRole('table', { name: 'Tickets not printed yet' })
    .getByRole('row')
    .filter({ hasText: ticket.pnr });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Print selected (1)' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'printed, 0 failed' })).toContainText('1 printed, 0 failed');
  await expect(row).toHaveCount(0);
  const jobs = await printJobs(page);
  expect(jobs).toHaveLength(1);
  expect(jobs[0]!.html).toContain(ticket.pnr);
  expect(recorded).toEqual([`/api/reservation/savePrintAction/${ticket.pnr}/ORIGINAL`]);
});

test('exports the transactions of the filter to XLSX with localised headers and money as numbers', async ({ page }) => {
  await signIn(page, DEMO.agent);
  await page.goto('/transaction');
  await expect(
    page.getByRole('table', { name: 'Transactions' }).locator('tbody tr.ant-table-row').first(),
  ).toBeVisible();
  const total = Number(
    ((/of ([\d,]+)/.exec(await page.locator('.ant-pagination-total-text').innerText()) ?? [])[1] ?? '').replace(
      /,/g,
      '',
    ),
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const path = test.info().outputPath('transactions.xlsx');
  await download.saveAs(path);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet('Transactions')!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Date time');
  expect(sheet.getRow(1).getCell(11).value).toBe('Balance');
  expect(sheet.rowCount - 1).toBe(total);
  const opening = sheet.getColumn(3).values.findIndex((v) => v === 'Opening deposit');
  expect(opening).toBeGreaterThan(1);
  expect(sheet.getRow(opening).getCell(9).value).toBe(40000);
  expect(sheet.getRow(opening).getCell(9).numFmt).toBe('#,##0.00');
});

test("prints the transactions of the filter on the agent's chosen printer and paper: the roll, or an A4 sheet", async ({
  page,
}) => {
  await installFakeShell(page);
  await signIn(page, DEMO.agent);
  const printList = async () => {
    await page.goto('/transaction');
    await expect(
      page.getByRole('table', { name: 'Transactions' }).locator('tbody tr.ant-table-row').first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(async () => (await printJobs(page)).length).toBe(1);
    const [job] = await printJobs(page);
    expect(job!.html).toContain('Opening deposit');
    expect(job!.html).toContain('Opening balance');
    return job!;
  };

  // The shell's default preferences: an 80 mm roll on the system default printer; the list is laid out for the roll.
  const roll = await printList();
  expect(roll).toMatchObject({ paper: '80mm', deviceName: null, copies: 1 });
  expect(roll.html).toContain('size: 80mm auto');
  expect(roll.html).toContain('data-label="Balance"');

  // The agent chose the office printer and A4: the list is the landscape sheet with its table header.
  await page.evaluate(() =>
    localStorage.setItem(
      '__fakeShell.settings',
      JSON.stringify({ printer: { deviceName: 'Office_A4', paper: 'A4', copies: 2, autoPrintAfterSale: false } }),
    ),
  );
  const sheet = await printList();
  expect(sheet).toMatchObject({ paper: 'A4', deviceName: 'Office_A4', copies: 1 });
  expect(sheet.html).toContain('size: A4 landscape');
  expect(sheet.html).toContain('<th class="money">Balance</th>');
});
