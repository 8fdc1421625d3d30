import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp } from '../../test/fake-http';
import { companies, pendingDeposit, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { findOneToast } from '../../test/toasts';

const DEPOSIT = 'POST /api/account/deposit';
const emptyPage = { items: [], page: 1, pageSize: 20, total: 0 };
const answer = pendingDeposit;

function server(deposit: { status: number; data: unknown } = { status: 200, data: answer }) {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  return fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_DEPOSIT_REQUEST']) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'POST /api/account/depositList': { status: 200, data: emptyPage },
    [DEPOSIT]: deposit,
  });
}

const sent = (requests: InternalAxiosRequestConfig[]) => requests.filter((r) => r.url === '/api/account/deposit');

async function fill(values: { amount?: string; confirm?: string; reference?: string }) {
  const user = userEvent.setup({ delay: null });
  const form = await screen.findByRole('form', { name: 'Request a deposit' });
  if (values.amount !== undefined) await user.type(within(form).getByLabelText('Amount'), values.amount);
  if (values.confirm !== undefined) await user.type(within(form).getByLabelText('Confirm amount'), values.confirm);
  if (values.reference !== undefined)
    await user.type(within(form).getByLabelText('Reference number'), values.reference);
  await user.click(within(form).getByRole('button', { name: /Request deposit/ }));
  return { user, form };
}

afterEach(() => resetApp());

describe('the deposit request form', { timeout: 60_000 }, () => {
  it('refuses a confirmation that differs from the amount', async () => {
    const { requests } = server();
    await renderApp('/deposit');
    await fill({ amount: '1500', confirm: '1550', reference: 'SLIP-1' });
    expect(await screen.findByText('The amounts do not match')).toBeInTheDocument();
    expect(sent(requests)).toHaveLength(0);
  });

  it('asks for the reference number', async () => {
    const { requests } = server();
    await renderApp('/deposit');
    await fill({ amount: '1500', confirm: '1500' });
    expect(await screen.findByText('Please enter the reference number')).toBeInTheDocument();
    expect(sent(requests)).toHaveLength(0);
  });

  it('names missing fields with the reason catalogue texts (AMOUNT_REQUIRED, CONFIRM_AMOUNT_REQUIRED, REFERENCE_NUMBER_REQUIRED)', async () => {
    const { requests } = server();
    await renderApp('/deposit');
    await fill({});
    expect(await screen.findByText('Please enter the amount')).toBeInTheDocument();
    expect(await screen.findByText('Please confirm the amount')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the reference number')).toBeInTheDocument();
    expect(sent(requests)).toHaveLength(0);
  });

  it('names missing fields with the catalogue texts in Bengali', async () => {
    server();
    await renderApp('/deposit', 'bn');
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: 'ডিপোজিটের অনুরোধ' });
    await user.click(within(form).getByRole('button', { name: /ডিপোজিটের অনুরোধ পাঠান/ }));
    expect(await screen.findByText('অনুগ্রহ করে পরিমাণ লিখুন')).toBeInTheDocument();
    expect(await screen.findByText('অনুগ্রহ করে পরিমাণ নিশ্চিত করুন')).toBeInTheDocument();
    expect(await screen.findByText('অনুগ্রহ করে রেফারেন্স নম্বর লিখুন')).toBeInTheDocument();
  });

  it('refuses a negative amount', async () => {
    const { requests } = server();
    await renderApp('/deposit');
    await fill({ amount: '-20', confirm: '-20', reference: 'SLIP-1' });
    expect(await screen.findAllByText('The amount must be more than 0')).toHaveLength(2);
    expect(sent(requests)).toHaveLength(0);
  });

  it('in Bengali, names the mismatch in Bengali', async () => {
    server();
    await renderApp('/deposit', 'bn');
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: 'ডিপোজিটের অনুরোধ' });
    await user.type(within(form).getByLabelText('পরিমাণ'), '100');
    await user.type(within(form).getByLabelText('পরিমাণ নিশ্চিত করুন'), '200');
    await user.click(within(form).getByRole('button', { name: /ডিপোজিটের অনুরোধ পাঠান/ }));
    expect(await screen.findByText('পরিমাণ দুটি মিলছে না')).toBeInTheDocument();
  });

  it('sends a valid request once, with an Idempotency-Key, and says it waits for approval and its voucher number', async () => {
    const { requests } = server();
    await renderApp('/deposit');
    await fill({ amount: '1500', confirm: '1500', reference: ' SLIP-1 ' });
    expect(
      await screen.findByText('Deposit DP00000042 requested, voucher DV-1-0000042: it counts once approved'),
    ).toBeInTheDocument();
    const calls = sent(requests);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]!.data))).toEqual({
      companyId: 1,
      amount: 1500,
      confirmAmount: 1500,
      referenceNumber: 'SLIP-1',
    });
    expect(calls[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    // The list reloads with the new request.
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/account/depositList').length).toBeGreaterThan(1));
  });

  it('puts a used reference number on its field', async () => {
    server({ status: 409, data: { reason: 'DUPLICATE_REFERENCE_NUMBER' } });
    await renderApp('/deposit');
    await fill({ amount: '1500', confirm: '1500', reference: 'SLIP-1' });
    // Under the field it points at, and toasted once, like every refusal.
    await findOneToast('This reference number is already used');
    const field = screen.getByLabelText('Reference number').closest('.ant-form-item')!;
    await waitFor(() => expect(field).toHaveTextContent('This reference number is already used'));
  });

  it('toasts a refusal that points at no field once, with nothing on the form', async () => {
    server({ status: 422, data: { reason: 'INSUFFICIENT_BALANCE' } });
    await renderApp('/deposit');
    await fill({ amount: '1500', confirm: '1500', reference: 'SLIP-1' });
    await findOneToast('Insufficient balance');
    expect(screen.getByRole('form', { name: 'Request a deposit' })).not.toHaveTextContent('Insufficient balance');
  });
});

describe('the deposit list', { timeout: 60_000 }, () => {
  it('locks Search while the list loads', async () => {
    let release: () => void = () => undefined;
    let calls = 0;
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    const { requests } = fakeHttp({
      'GET /api/lookup/company': { status: 200, data: companies },
      'GET /api/profile/1': { status: 200, data: profileWith(['AGENT_DEPOSIT_REQUEST']) },
      'GET /api/account/1': { status: 200, data: prepaidAccount },
      'POST /api/account/depositList': () => {
        calls += 1;
        if (calls === 1) return { status: 200, data: emptyPage };
        return new Promise((resolve) => {
          release = () => resolve({ status: 200, data: emptyPage });
        });
      },
    });
    await renderApp('/deposit');
    const user = userEvent.setup({ delay: null });
    const filters = await screen.findByRole('form', { name: 'Filters' });
    await waitFor(() => expect(calls).toBe(1));
    const search = within(filters).getByRole('button', { name: /Search/ });
    await waitFor(() => expect(search).toBeEnabled());
    await user.click(search);
    await waitFor(() => expect(search).toBeDisabled());
    await user.click(search).catch(() => undefined);
    expect(requests.filter((r) => r.url === '/api/account/depositList')).toHaveLength(2);
    release();
    await waitFor(() => expect(search).toBeEnabled());
  });
});
