import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp } from '../../test/fake-http';
import { companies, pendingDeposit, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';

const answer = pendingDeposit;

afterEach(() => resetApp());

/** The deposit screen's keys (lib/keyboard/shortcut-table.ts), pressed by their physical key. */
describe('the deposit screen keys', { timeout: 60_000 }, () => {
  it('sends with F9 from a field, lists the keys on F1, goes to the list on F2 and starts over on Alt+N', async () => {
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    const { requests } = fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_DEPOSIT_REQUEST']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/account/depositList': { status: 200, data: { items: [], page: 1, pageSize: 20, total: 0 } },
      'POST /api/account/deposit': { status: 200, data: answer },
    });
    await renderApp('/deposit');
    const user = userEvent.setup({ delay: null });
    // The first render loads the screen's code: slow on a busy machine.
    const form = await screen.findByRole('form', { name: 'Request a deposit' }, { timeout: 30_000 });
    await user.type(within(form).getByLabelText('Amount'), '1500');
    await user.type(within(form).getByLabelText('Confirm amount'), '1500');
    const reference = within(form).getByLabelText('Reference number');
    await user.type(reference, 'SLIP-1');
    fireEvent.keyDown(reference, { key: 'F9', code: 'F9' });
    expect(await screen.findByText(/Deposit DP00000042 requested/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/account/deposit')).toHaveLength(1);

    fireEvent.keyDown(document.body, { key: 'F1', code: 'F1' });
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('Send the deposit request');
    expect(help).toHaveTextContent('Print the receipt of the request just sent');
    fireEvent.keyDown(help, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.keyDown(document.body, { key: 'F2', code: 'F2' });
    const filters = screen.getByRole('form', { name: 'Filters' });
    expect(within(filters).getByLabelText('Transaction ID')).toHaveFocus();

    // Alt+N under a Bengali layout: the key is ন, the code is still KeyN.
    fireEvent.keyDown(document.body, { key: 'ন', code: 'KeyN', altKey: true });
    await waitFor(() => expect(screen.queryByText(/Deposit DP00000042 requested/)).not.toBeInTheDocument());
    expect(within(form).getByLabelText('Amount')).toHaveFocus();
    expect(within(form).getByLabelText('Amount')).toHaveValue('');
  });
});
