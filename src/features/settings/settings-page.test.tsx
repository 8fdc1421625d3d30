import type { PrintJob } from '@agent-portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import type { PingResult } from './api/ping-server';
import { SAMPLE_RESERVATION } from './sample-reservation';
import { SettingsPage, type SettingsPageProps } from './settings-page';
import { appInfo, fakeBridge } from '../../test/fake-bridge';
import { fieldValue } from '../../test/fields';

afterEach(() => {
  delete window.agentPortal;
});

async function renderSettings(props: Partial<SettingsPageProps> = {}, language: 'en' | 'bn' = 'en') {
  await initI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const all: SettingsPageProps = {
    ping: vi.fn(async (): Promise<PingResult> => ({ ok: true, version: '2.0.0' })),
    reload: vi.fn(),
    ...props,
  };
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <SettingsPage {...all} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('form', { name: language === 'bn' ? 'টিকিট প্রিন্ট' : 'Ticket printing' });
  await screen.findByRole('form', { name: language === 'bn' ? 'সার্ভার' : 'Server' });
  return { ...all, user: userEvent.setup() };
}

const serverInput = () => screen.getByLabelText('Server address');
const saveServer = () => screen.getByRole('button', { name: 'Save and reload' });
const testConnection = () => screen.getByRole('button', { name: 'Test connection' });

describe('the server address', () => {
  it('shows the address in use and has nothing to save for it', async () => {
    fakeBridge();
    await renderSettings();
    expect(serverInput()).toHaveValue('http://127.0.0.1:3030');
    expect(screen.getByText('This is the server in use.')).toBeInTheDocument();
    expect(saveServer()).toBeDisabled();
  });

  it('refuses a bad address and cannot test or save it', async () => {
    fakeBridge();
    const { user, ping } = await renderSettings();
    await user.clear(serverInput());
    await user.type(serverInput(), 'ftp://tickets.example.com');
    expect(screen.getByText('The address must start with http:// or https://')).toBeInTheDocument();
    expect(serverInput()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(serverInput());
    await user.type(serverInput(), 'tickets example');
    expect(screen.getByText('This is not a valid server address')).toBeInTheDocument();
    expect(testConnection()).toBeDisabled();
    expect(saveServer()).toBeDisabled();
    await user.clear(serverInput());
    await user.tab();
    expect(screen.getByText('Please enter the server address')).toBeInTheDocument();
    expect(ping).not.toHaveBeenCalled();
  });

  it('keeps Save disabled until the ping of exactly this address passed', async () => {
    fakeBridge();
    let answer: PingResult = { ok: false, problem: 'UNREACHABLE' };
    const { user, ping } = await renderSettings({ ping: vi.fn(async () => answer) });
    await user.clear(serverInput());
    await user.type(serverInput(), 'https://tickets.example.com/');
    expect(screen.getByText('Test the connection to save this address.')).toBeInTheDocument();
    expect(saveServer()).toBeDisabled();

    await user.click(testConnection());
    expect(ping).toHaveBeenLastCalledWith('https://tickets.example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach this server.');
    expect(saveServer()).toBeDisabled();

    answer = { ok: true, version: '2.0.0' };
    await user.click(testConnection());
    expect(await screen.findByText('Connected: server version 2.0.0')).toBeInTheDocument();
    expect(saveServer()).toBeEnabled();

    // Another address needs its own test.
    await user.type(serverInput(), 'x');
    expect(saveServer()).toBeDisabled();
  });

  it('saves the tested address through the bridge, then reloads', async () => {
    const bridge = fakeBridge();
    const { user, reload } = await renderSettings();
    await user.clear(serverInput());
    await user.type(serverInput(), 'https://tickets.example.com/');
    await user.click(testConnection());
    await waitFor(() => expect(saveServer()).toBeEnabled());
    await user.click(saveServer());
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(bridge.saveSettings).toHaveBeenCalledWith({ serverUrl: 'https://tickets.example.com' });
  });

  it('shows the shell refusing the address and does not reload', async () => {
    fakeBridge({ saveSettings: vi.fn(async () => ({ ok: false as const, error: { reason: 'INVALID_INPUT' } })) });
    const { user, reload } = await renderSettings();
    await user.clear(serverInput());
    await user.type(serverInput(), 'https://tickets.example.com');
    await user.click(testConnection());
    await waitFor(() => expect(saveServer()).toBeEnabled());
    await user.click(saveServer());
    expect(await screen.findByText('The app refused the request: its data was not valid.')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('ticket printing', () => {
  it('lists the system printers by display name, marks the default, and offers the system default', async () => {
    fakeBridge();
    const { user } = await renderSettings();
    const form = screen.getByRole('form', { name: 'Ticket printing' });
    expect(within(form).getByText('System default (EPSON TM-T82 Receipt)')).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeInTheDocument();
    const options = await screen.findAllByTestId('printer-option');
    expect(options.map((o) => o.textContent)).toEqual(['EPSON TM-T82 Receiptdefault', 'Office A4']);
    expect(screen.getAllByText('System default (EPSON TM-T82 Receipt)').length).toBeGreaterThan(0);
  });

  it('saves printer, paper, copies and auto-print to the shell', async () => {
    const bridge = fakeBridge();
    const { user } = await renderSettings();
    const form = screen.getByRole('form', { name: 'Ticket printing' });
    await user.click(within(form).getByRole('combobox'));
    await user.click(await screen.findByText('Office A4'));
    await user.click(within(form).getByText('A4'));
    const copies = within(form).getByLabelText('Copies');
    await user.clear(copies);
    await user.type(copies, '3');
    await user.click(within(form).getByRole('switch', { name: 'Print tickets automatically after sale' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Printer settings saved')).toBeInTheDocument();
    expect(bridge.saveSettings).toHaveBeenLastCalledWith({
      printer: { deviceName: 'Office_A4', paper: 'A4', copies: 3, autoPrintAfterSale: true },
    });
  });

  it('refuses copies outside 1 to 5', async () => {
    const bridge = fakeBridge();
    const { user } = await renderSettings();
    const copies = screen.getByLabelText('Copies');
    await user.clear(copies);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Copies must be a whole number from 1 to 5')).toBeInTheDocument();
    expect(bridge.saveSettings).not.toHaveBeenCalled();
  });

  it('test-prints the sample ticket with the chosen printer, paper and copies', async () => {
    const printHtml = vi.fn((job: PrintJob) =>
      Promise.resolve({ ok: true as const, value: { copiesPrinted: job.copies } }),
    );
    fakeBridge({ printHtml });
    const { user } = await renderSettings();
    const form = screen.getByRole('form', { name: 'Ticket printing' });
    await user.click(within(form).getByText('58 mm roll'));
    const copies = within(form).getByLabelText('Copies');
    await user.clear(copies);
    await user.type(copies, '2');
    await user.click(within(form).getByRole('button', { name: 'Test print' }));
    expect(await screen.findByText('The test ticket was sent to the printer (2 copies).')).toBeInTheDocument();
    // The real printTicket through the fake shell: the sample ticket, in the screen's language, as chosen on screen.
    expect(printHtml).toHaveBeenCalledTimes(1);
    const job = printHtml.mock.calls[0]![0];
    expect(job).toMatchObject({ deviceName: null, paper: '58mm', copies: 2 });
    expect(job.html).toContain(SAMPLE_RESERVATION.pnr);
    expect(job.html).toContain('<html lang="en">');
  });

  it('shows a printer error in the counter language', async () => {
    fakeBridge({ printHtml: vi.fn(async () => ({ ok: false as const, error: { reason: 'PRINTER_NOT_FOUND' } })) });
    await renderSettings({}, 'bn');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'পরীক্ষামূলক প্রিন্ট' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('পরীক্ষামূলক প্রিন্ট ব্যর্থ হয়েছে: প্রিন্টার পাওয়া যায়নি।');
    await initI18n('en');
  });

  it('warns when the printers cannot be listed, and keeps a saved printer that is gone', async () => {
    fakeBridge({
      listPrinters: vi.fn(async () => ({ ok: true as const, value: [] })),
      getSettings: vi.fn(async () => ({
        ok: true as const,
        value: {
          serverUrl: 'http://127.0.0.1:3030',
          language: 'en' as const,
          printer: { deviceName: 'Old_Printer', paper: '80mm' as const, copies: 1, autoPrintAfterSale: false },
        },
      })),
    });
    await renderSettings();
    expect(screen.getByText('No printer is installed on this computer.')).toBeInTheDocument();
    expect(screen.getByText('Old_Printer (not installed)')).toBeInTheDocument();
  });

  it('says so when the shell cannot list printers', async () => {
    fakeBridge({ listPrinters: vi.fn(async () => ({ ok: false as const, error: { reason: 'SHELL_ERROR' } })) });
    await renderSettings();
    expect(
      screen.getByText('The list of printers could not be read. Tickets go to the system default printer.'),
    ).toBeInTheDocument();
  });
});

describe('about this app', () => {
  it('shows the version and a ready update that installs on quit (updates installed by the shell, downloaded)', async () => {
    fakeBridge({ getAppInfo: appInfo({ updateAvailable: '1.3.0', updateMode: 'install', updateState: 'ready' }) });
    await renderSettings();
    await screen.findByText('1.2.0');
    expect(screen.getByRole('alert')).toHaveTextContent('Version 1.3.0 is ready');
    expect(screen.getByRole('alert')).toHaveTextContent('It installs when you close Agent Portal.');
    // The version alone: no word on updates beside it, the alert says it.
    expect(fieldValue(document.body, 'Version')).toHaveTextContent(/^1\.2\.0$/);
    expect(screen.getByText('LIC-42')).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
  });

  it('a version still downloading is not called ready, nor one whose download failed', async () => {
    fakeBridge({
      getAppInfo: appInfo({ updateAvailable: '1.3.0', updateMode: 'install', updateState: 'downloading' }),
    });
    await renderSettings();
    const downloading = await screen.findByRole('alert');
    expect(downloading).toHaveTextContent('Version 1.3.0 is downloading');
    expect(downloading).toHaveTextContent('Once it is downloaded, it installs when you close Agent Portal.');
    expect(downloading).not.toHaveTextContent(/ready/i);
    cleanup();
    fakeBridge({ getAppInfo: appInfo({ updateAvailable: '1.3.0', updateMode: 'install', updateState: 'error' }) });
    await renderSettings();
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Version 1.3.0 could not be downloaded');
    expect(failed).toHaveTextContent(
      'Agent Portal tries again in a few hours. If this goes on, ask your support team.',
    );
    expect(failed).not.toHaveTextContent(/ready|installs when you close/i);
    cleanup();
    await renderSettings({}, 'bn');
    expect(await screen.findByRole('alert')).toHaveTextContent('সংস্করণ 1.3.0 ডাউনলোড করা যায়নি');
  });

  it('a failed check with nothing newer known does not claim this is the latest version', async () => {
    fakeBridge({ getAppInfo: appInfo({ updateMode: 'install', updateState: 'error' }) });
    await renderSettings();
    expect(await screen.findByText('Could not check for updates. Agent Portal tries again later.')).toBeInTheDocument();
    expect(screen.queryByText('This is the latest version.')).not.toBeInTheDocument();
    cleanup();
    await renderSettings({}, 'bn');
    expect(
      await screen.findByText('হালনাগাদ আছে কি না দেখা যায়নি। Agent Portal পরে আবার চেষ্টা করবে।'),
    ).toBeInTheDocument();
  });

  it('where the shell only announces updates, sends the agent to support and promises no install', async () => {
    fakeBridge({
      getAppInfo: appInfo({
        platform: 'linux',
        updateAvailable: '1.3.0',
        updateMode: 'notify',
        updateState: 'available',
      }),
    });
    await renderSettings();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Version 1.3.0 is available');
    expect(notice).toHaveTextContent(
      'Agent Portal does not install updates on this computer by itself. Ask your support team to install the new version.',
    );
    expect(notice).not.toHaveTextContent(/installs when you close/i);
    expect(notice).not.toHaveTextContent(/ready/i);
  });

  it('says the same in Bengali', async () => {
    fakeBridge({
      getAppInfo: appInfo({
        platform: 'linux',
        updateAvailable: '1.3.0',
        updateMode: 'notify',
        updateState: 'available',
      }),
    });
    await renderSettings({}, 'bn');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('নতুন সংস্করণ 1.3.0 এসেছে');
    expect(notice).toHaveTextContent('সাপোর্ট টিমকে বলুন');
    expect(notice).not.toHaveTextContent('বন্ধ করলে এটি ইনস্টল হবে');
  });

  it('with no newer version says this is the latest one (install and notify alike)', async () => {
    for (const updateMode of ['install', 'notify'] as const) {
      fakeBridge({ getAppInfo: appInfo({ updateMode }) });
      await renderSettings();
      expect(await screen.findByText('This is the latest version.')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('with updates off says so, rather than claiming this is the latest version', async () => {
    fakeBridge({ getAppInfo: appInfo({ updateMode: 'off' }) });
    await renderSettings();
    expect(await screen.findByText('Automatic updates are off on this computer.')).toBeInTheDocument();
    expect(screen.queryByText('This is the latest version.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    cleanup();
    await renderSettings({}, 'bn');
    expect(await screen.findByText('এই কম্পিউটারে স্বয়ংক্রিয় হালনাগাদ বন্ধ আছে।')).toBeInTheDocument();
  });

  it('says how a remembered sign-in is kept, and why, in English and Bengali', async () => {
    fakeBridge({ getAppInfo: appInfo({ platform: 'linux', sessionProtection: 'fixed-key' }) });
    await renderSettings();
    const protection = await screen.findByRole('row', { name: /^Remembered sign-in/ });
    expect(protection).toHaveTextContent('Saved without real protection');
    expect(protection).toHaveTextContent('This computer has no key ring');
    cleanup();
    fakeBridge({ getAppInfo: appInfo({ platform: 'linux', sessionProtection: 'file-only' }) });
    await renderSettings({}, 'bn');
    expect(await screen.findByRole('row', { name: /^মনে রাখা সাইন-ইন/ })).toHaveTextContent('এনক্রিপশন ছাড়া সংরক্ষিত');
    cleanup();
    fakeBridge({ getAppInfo: appInfo({ sessionProtection: 'os-key-store' }) });
    await renderSettings();
    expect(await screen.findByRole('row', { name: /^Remembered sign-in/ })).toHaveTextContent(
      "Protected by this computer's key store",
    );
  });
});
