/**
 * The agent's plan by name: the known plans in the screen's language, an
 * agency's own plan (any code the server sends) by its display name.
 */
import type { Profile } from '@agent-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';

const CORPORATE = { name: 'CORPORATE_CREDIT', displayName: 'Corporate credit' };

function signedIn(profile: Profile, account: object) {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profile },
    'GET /api/account/1': { status: 200, data: account },
  });
}

/** The value next to a label of the profile's plan card. */
async function planField(label: string) {
  const term = await screen.findByText(label);
  return term.closest('tr, .ant-descriptions-item') as HTMLElement;
}

afterEach(() => {
  resetApp();
  vi.restoreAllMocks();
});

describe('plan names', { timeout: 60_000 }, () => {
  it('names the prepaid plan in Bengali on the Bengali screen, in the top bar and the profile', async () => {
    signedIn(profileWith([]), prepaidAccount);
    await renderApp('/profile', 'bn');
    const chip = await screen.findByRole('status', { name: 'অ্যাকাউন্ট' });
    await waitFor(() => expect(chip).toHaveTextContent('প্রিপেইড'));
    expect(chip).not.toHaveTextContent('Prepaid');
    expect(within(await planField('প্রদর্শিত নাম')).getByText('প্রিপেইড')).toBeInTheDocument();
  });

  it("shows an agency's own plan by the server's display name, with its bill", async () => {
    const warn = vi.spyOn(console, 'warn');
    signedIn(profileWith([], { plan: CORPORATE }), {
      ...prepaidAccount,
      plan: CORPORATE,
      balance: 0,
      bill: 1234.5,
      creditLimit: 20000,
    });
    await renderApp('/profile');
    const chip = await screen.findByRole('status', { name: 'Account' });
    await waitFor(() => expect(chip).toHaveTextContent('Corporate credit'));
    expect(chip).toHaveTextContent('Bill: ৳ 1,234.50');
    expect(within(await planField('Display name')).getByText('Corporate credit')).toBeInTheDocument();
    expect(screen.getByText('CORPORATE_CREDIT')).toBeInTheDocument();
    // The answers are on-contract: the development check found nothing to say about them.
    const offContract = () => warn.mock.calls.filter(([message]) => String(message).startsWith('[contract]'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(offContract()).toEqual([]);
  });
});
