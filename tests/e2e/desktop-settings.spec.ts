/**
 * The portal inside the desktop shell, with a test double of the preload
 * bridge (support/fake-shell.ts) in real Chromium against the real server:
 * sign-in device panel, the settings screen (printers, paper, copies, server
 * address), test prints through the bridge and localised printer errors.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './support/env';
import { FAKE_DEVICE, installFakeShell, printJobs, setPrintFailure, storedShellSettings } from './support/fake-shell';
import { openSettings } from './support/settings-screen';
import { DEMO, signIn } from './support/session';
import { fieldValue } from './support/fields';

const printerForm = (page: Page) => page.getByRole('form', { name: /^(Ticket printing|টিকিট প্রিন্ট)$/ });

async function choosePrinter(page: Page, displayName: string) {
  await printerForm(page).getByRole('combobox').click();
  const named = page.getByTestId('printer-option').filter({ hasText: displayName });
  await page.locator('.ant-select-item-option').filter({ has: named }).click();
}

async function setCopies(page: Page, copies: number) {
  const field = printerForm(page).getByLabel('Copies');
  await field.fill(String(copies));
  await field.blur();
}

test.describe('in the desktop shell', () => {
  test.beforeEach(async ({ context }) => {
    await installFakeShell(context);
  });

  test('the sign-in page shows the device id, licence key and registration status', async ({ page }) => {
    await page.goto('/login');
    const device = page.getByRole('region', { name: 'This device' });
    await expect(device).toContainText('Device ID');
    await expect(device).toContainText(FAKE_DEVICE.deviceId);
    await expect(device).toContainText('Licence key');
    await expect(device).toContainText(FAKE_DEVICE.licenceKey!);
    await expect(device.getByRole('definition').filter({ hasText: 'Approved' })).toHaveText('Approved');
    await page.screenshot({ path: 'tests/artifacts/desktop-sign-in.png', fullPage: true });
  });

  test('a failed device registration shows on the sign-in page in Bengali, without blocking it', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await installFakeShell(context, {
      device: {
        ...FAKE_DEVICE,
        status: null,
        licenceKey: null,
        registrationError: 'MOBILE_DEVICE_REGISTRATION_FAILED',
      },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'বাংলা' }).click();
    const device = page.getByRole('region', { name: 'এই ডিভাইস' });
    await expect(device.getByRole('status')).toContainText('ডিভাইস নিবন্ধন ব্যর্থ হয়েছে');
    await expect(device.getByRole('definition').filter({ hasText: 'এখনও নিবন্ধিত হয়নি' })).toHaveText(
      'এখনও নিবন্ধিত হয়নি',
    );
    await expect(device).toContainText('এখনও দেওয়া হয়নি');
    await expect(page.getByRole('button', { name: 'সাইন ইন' })).toBeEnabled();
    await page.screenshot({ path: 'tests/artifacts/desktop-sign-in-registration-failed-bn.png', fullPage: true });
    await context.close();
  });

  test('the settings screen lists the printers and keeps printer, paper, copies and auto-print', async ({ page }) => {
    await signIn(page, DEMO.agent);
    await openSettings(page);
    const form = printerForm(page);
    await expect(form).toContainText('System default (EPSON TM-T82 Receipt)');
    await form.getByRole('combobox').click();
    const options = page.locator('.ant-select-item-option');
    await expect(options).toHaveText([
      'System default (EPSON TM-T82 Receipt)',
      'EPSON TM-T82 Receiptdefault',
      'Office A4',
    ]);
    await page.keyboard.press('Escape');

    await choosePrinter(page, 'Office A4');
    await form.getByText('A4', { exact: true }).click();
    await setCopies(page, 3);
    // The shell prints a sale by itself until the counter turns it off (issue #33).
    await expect(form.getByRole('switch', { name: 'Print tickets automatically after sale' })).toBeChecked();
    await form.getByRole('switch', { name: 'Print tickets automatically after sale' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('status')).toHaveText('Printer settings saved');
    expect((await storedShellSettings(page))?.printer).toEqual({
      deviceName: 'Office_A4',
      paper: 'A4',
      copies: 3,
      autoPrintAfterSale: false,
    });

    await page.reload();
    await expect(printerForm(page)).toBeVisible();
    await expect(printerForm(page).locator('.ant-select').first()).toContainText('Office A4');
    await expect(printerForm(page).getByRole('radio', { name: 'A4' })).toBeChecked();
    await expect(printerForm(page).getByLabel('Copies')).toHaveValue('3');
    await expect(
      printerForm(page).getByRole('switch', { name: 'Print tickets automatically after sale' }),
    ).not.toBeChecked();
  });

  test('a test print goes through the bridge with the chosen printer, paper and copies, and records nothing', async ({
    page,
  }) => {
    const recorded: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('savePrintAction')) recorded.push(request.url());
    });
    await signIn(page, DEMO.agent);
    await openSettings(page);
    await choosePrinter(page, 'EPSON TM-T82 Receipt');
    await printerForm(page).getByText('58 mm roll').click();
    await setCopies(page, 2);
    await printerForm(page).getByRole('button', { name: 'Test print' }).click();
    await expect(printerForm(page).getByRole('status')).toHaveText(
      'The test ticket was sent to the printer (2 copies).',
    );

    const jobs = await printJobs(page);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ deviceName: 'EPSON_TM_T82', paper: '58mm', copies: 2 });
    expect(jobs[0]!.html).toContain('TESTPRINT0');
    expect(jobs[0]!.html).toContain('@font-face');
    expect(recorded).toEqual([]);
  });

  test('a printer error shows the localised message, in English and Bengali', async ({ page }) => {
    await signIn(page, DEMO.agent);
    await openSettings(page);
    await setPrintFailure(page, 'PRINTER_NOT_FOUND');
    await printerForm(page).getByRole('button', { name: 'Test print' }).click();
    const result = printerForm(page).getByRole('alert');
    await expect(result).toHaveText(/^Test print failed: The printer was not found\./);
    await expect(result).toHaveAttribute('role', 'alert');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'বাংলা' }).click();
    await setPrintFailure(page, 'PRINT_TIMEOUT');
    await printerForm(page).getByRole('button', { name: 'পরীক্ষামূলক প্রিন্ট' }).click();
    await expect(result).toHaveText(/^পরীক্ষামূলক প্রিন্ট ব্যর্থ হয়েছে: প্রিন্টার সময়মতো সাড়া দেয়নি।/);
    await page.screenshot({ path: 'tests/artifacts/desktop-settings-bn.png', fullPage: true });
    expect(await printJobs(page)).toEqual([]);

    await setPrintFailure(page, null);
    await page.getByRole('button', { name: 'ভাষা' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
  });

  test('the server address is tested before it is saved, and saving reloads onto the new server', async ({ page }) => {
    await signIn(page, DEMO.agent);
    await openSettings(page);
    const server = page.getByRole('form', { name: 'Server' });
    const address = server.getByLabel('Server address');
    const save = server.getByRole('button', { name: 'Save and reload' });
    await expect(address).toHaveValue(E2E_BASE_URL);
    await expect(save).toBeDisabled();

    await address.fill('not a server');
    await expect(server).toContainText('This is not a valid server address');
    await expect(server.getByRole('button', { name: 'Test connection' })).toBeDisabled();

    // Nothing listens on port 9: the ping fails and the address cannot be saved.
    await address.fill('http://127.0.0.1:9');
    await server.getByRole('button', { name: 'Test connection' }).click();
    await expect(server.getByRole('alert').filter({ hasText: 'Cannot reach this server.' })).toBeVisible();
    await expect(save).toBeDisabled();

    // The same server under another name (another origin; the server allows any origin).
    const other = `http://localhost:${E2E_PORT}`;
    await address.fill(other);
    await expect(save).toBeDisabled();
    await server.getByRole('button', { name: 'Test connection' }).click();
    await expect(server.getByRole('status')).toContainText(/Connected: server version \S+/);
    await page.screenshot({ path: 'tests/artifacts/desktop-settings-en.png', fullPage: true });
    await save.click();

    await page.waitForLoadState('load');
    await expect(page.getByRole('form', { name: 'Server' }).getByLabel('Server address')).toHaveValue(other);
    expect((await storedShellSettings(page))?.serverUrl).toBe(other);
    // The portal now talks to the new address: its calls go there.
    const call = page.waitForRequest((request) => request.url().startsWith(`${other}/api/`));
    await page.getByRole('status', { name: 'Account' }).getByRole('button', { name: 'Refresh balance' }).click();
    await call;
  });

  test('the top bar announces a downloaded update, and Settings shows the version', async ({ browser }) => {
    const context = await browser.newContext();
    await installFakeShell(context, {
      appInfo: {
        version: '1.0.0',
        platform: 'win32',
        updateAvailable: '1.1.0',
        updateMode: 'install',
        updateState: 'ready',
      },
    });
    const page = await context.newPage();
    await signIn(page, DEMO.agent);
    await expect(page.getByRole('button', { name: 'User menu' }).locator('.ant-badge-dot')).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    const notice = page.getByRole('menuitem', { name: /1\.1\.0/ });
    await expect(notice).toContainText('Update 1.1.0 ready');
    await notice.click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(await fieldValue(page, 'Version')).toHaveText('1.0.0');
    const update = page.getByRole('alert').filter({ hasText: 'Version 1.1.0' });
    await expect(update).toContainText('Version 1.1.0 is ready');
    await expect(update).toContainText('It installs when you close Agent Portal.');
    await context.close();
  });

  test('where the shell only announces updates (Linux), the top bar and Settings send the agent to support', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await installFakeShell(context, {
      appInfo: {
        version: '1.0.0',
        platform: 'linux',
        updateAvailable: '1.1.0',
        updateMode: 'notify',
        updateState: 'available',
      },
    });
    const page = await context.newPage();
    await signIn(page, DEMO.agent);
    await expect(page.getByRole('button', { name: 'User menu' }).locator('.ant-badge-dot')).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    const notice = page.getByRole('menuitem', { name: /1\.1\.0/ });
    await expect(notice).toContainText('Version 1.1.0 available');
    await expect(notice).toContainText('Ask your support team to install it');
    await notice.click();
    await expect(page).toHaveURL(/\/settings$/);
    const update = page.getByRole('alert').filter({ hasText: 'Version 1.1.0' });
    await expect(update).toContainText('Version 1.1.0 is available');
    await expect(update).not.toContainText('installs when you close');
    await context.close();
  });
});

test('in a plain browser there is no settings screen', async ({ page }) => {
  await signIn(page, DEMO.agent);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/settings');
  await expect(page).not.toHaveURL(/\/settings$/);
  await expect(page.getByRole('form', { name: 'Ticket printing' })).toHaveCount(0);
});
