import type { Profile } from '@agent-portal/contract';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../stores/session-store';
import { useUiStore } from '../stores/ui-store';
import { fakeHttp, type Handler, type Reply } from '../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../test/fixtures';
import { renderApp, resetApp } from '../test/render-app';
import { findOneToast } from '../test/toasts';

function signedIn(profile: Profile, routes: Record<string, Handler | Reply> = {}) {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  return fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profile },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'POST /api/logout': { status: 200, data: { ok: true } },
    ...routes,
  });
}

const seller = profileWith(['AGENT_CREATE_RESERVATION', 'AGENT_CREATE_BOOKING']);

afterEach(() => {
  resetApp();
  useUiStore.setState({ drawerOpen: false, expiryBannerDismissed: false });
});

describe('guards', () => {
  it('sends a user without the permission to their homepage', async () => {
    signedIn(seller);
    const { router } = await renderApp('/deposit');
    expect(await screen.findByRole('heading', { name: 'Reservation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reservation');
  });

  it.each(['/no-such-page', '/report/no-such-report', '/error/418'])('answers %s with the 404 page', async (path) => {
    signedIn(seller);
    const { router } = await renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/404'));
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeInTheDocument();
  });

  it('ends the session when the server refuses the profile, and says why once', async () => {
    signedIn(seller, { 'GET /api/profile/1': { status: 403, data: { reason: 'COMPANY_NOT_ALLOWED' } } });
    const { router } = await renderApp('/reservation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSessionStore.getState().token).toBeNull();
    await findOneToast('You may not work for this company');
  });

  it('titles the document after the page', async () => {
    signedIn(profileWith(['AGENT_REPORT_OUTLET_SALES']));
    await renderApp('/report/outlet-sales');
    await waitFor(() => expect(document.title).toBe('Agent: Outlet sales'));
  });
});

/** Fails the first `times` calls with `failure`, then answers `reply`. */
function failingFirst(times: number, failure: Reply, reply: Reply): Handler {
  let calls = 0;
  return () => (++calls <= times ? failure : reply);
}

/** A "remember me" session as a previous run of the app left it. */
function remembered() {
  const stored = { token: 'tok', companyId: 1, rememberMe: true };
  window.localStorage.setItem('agent-portal.session', JSON.stringify(stored));
  useSessionStore.setState({ ...stored });
  return JSON.stringify(stored);
}

describe('start-up on a flaky link', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    window.localStorage.removeItem('agent-portal.session');
  });

  it('keeps trying an unreachable company list under a notice, and keeps the remembered session', async () => {
    const stored = remembered();
    signedIn(seller, { 'GET /api/lookup/company': failingFirst(2, 'network-error', { status: 200, data: companies }) });
    const { router } = await renderApp('/reservation');
    const notice = await screen.findByRole('alert', { name: 'Cannot reach the server' });
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok', companyId: 1, rememberMe: true });
    expect(window.localStorage.getItem('agent-portal.session')).toBe(stored);
    // The next try is a second away; "Try now" does not wait for it.
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Try now' }));
    expect(await screen.findByRole('heading', { name: 'Reservation' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reservation');
    expect(window.localStorage.getItem('agent-portal.session')).toBe(stored);
  });

  it('waits while offline and carries on when the connection comes back', async () => {
    const stored = remembered();
    const { requests } = signedIn(seller);
    onlineManager.setOnline(false);
    await renderApp('/reservation');
    await screen.findByRole('alert', { name: 'No internet connection' });
    expect(requests).toHaveLength(0);
    onlineManager.setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Reservation' })).toBeInTheDocument();
    expect(window.localStorage.getItem('agent-portal.session')).toBe(stored);
  });

  it('retries a profile the server failed to give (5xx) instead of signing out', async () => {
    signedIn(seller, {
      'GET /api/profile/1': failingFirst(
        1,
        { status: 503, data: { reason: 'INTERNAL_SERVER_ERROR' } },
        { status: 200, data: seller },
      ),
    });
    const { router } = await renderApp('/reservation');
    expect(await screen.findByRole('heading', { name: 'Reservation' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reservation');
    expect(useSessionStore.getState().token).toBe('tok');
  });

  it('says so when the company list is empty, clears the company and keeps the session', async () => {
    signedIn(seller, { 'GET /api/lookup/company': { status: 200, data: [] } });
    const { router } = await renderApp('/reservation');
    await screen.findByRole('alert', { name: 'No company is allowed for your account' });
    await waitFor(() => expect(useSessionStore.getState()).toMatchObject({ token: 'tok', companyId: null }));
    expect(router.state.location.pathname).toBe('/reservation');
  });

  it('clears the company when the server refuses the company list, and picks one once it answers', async () => {
    signedIn(seller, {
      'GET /api/lookup/company': failingFirst(
        1,
        { status: 403, data: { reason: 'NO_ALLOWED_COMPANY_FOUND' } },
        { status: 200, data: companies },
      ),
    });
    await renderApp('/reservation');
    const notice = await screen.findByRole('alert', { name: 'No company is allowed for your account' });
    await waitFor(() => expect(useSessionStore.getState()).toMatchObject({ token: 'tok', companyId: null }));
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Try now' }));
    expect(await screen.findByRole('heading', { name: 'Reservation' })).toBeInTheDocument();
    expect(useSessionStore.getState().companyId).toBe(1);
  });

  it('signs out on a 401 for the company list, as on any expired session', async () => {
    signedIn(seller, { 'GET /api/lookup/company': { status: 401, data: { reason: 'INVALID_SESSION' } } });
    const { router } = await renderApp('/reservation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The sign-in page reads (and clears) the expired-session flag as it opens: what stays is its one toast.
    expect(useSessionStore.getState()).toMatchObject({ token: null, redirectUrl: '/reservation' });
    await findOneToast('Invalid session. Please login again.');
  });
});

describe('/login while signed in', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    window.localStorage.removeItem('agent-portal.session');
  });

  it('goes to the homepage once the profile answers', async () => {
    signedIn(seller);
    const { router } = await renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reservation'));
  });

  it('ends the session on a refused profile (treated as logged out), says why once and shows the sign-in form', async () => {
    signedIn(seller, { 'GET /api/profile/1': { status: 401, data: { reason: 'INVALID_SESSION' } } });
    const { router } = await renderApp('/login');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSessionStore.getState()).toMatchObject({ token: null, companyId: null });
    await findOneToast('Invalid session. Please login again.');
  });

  it('keeps the session through an unreachable server under the retry notice, and goes on once it answers', async () => {
    const stored = remembered();
    signedIn(seller, { 'GET /api/profile/1': failingFirst(2, 'network-error', { status: 200, data: seller }) });
    const { router } = await renderApp('/login');
    const notice = await screen.findByRole('alert', { name: 'Cannot reach the server' });
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok', companyId: 1, rememberMe: true });
    expect(window.localStorage.getItem('agent-portal.session')).toBe(stored);
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Try now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reservation'), { timeout: 5000 });
    expect(window.localStorage.getItem('agent-portal.session')).toBe(stored);
  });

  it('waits while offline and goes on when the connection comes back', async () => {
    const stored = remembered();
    const { requests } = signedIn(seller);
    onlineManager.setOnline(false);
    const { router } = await renderApp('/login');
    await screen.findByRole('alert', { name: 'No internet connection' });
    expect(requests).toHaveLength(0);
    expect(useSessionStore.getState().token).toBe('tok');
    onlineManager.setOnline(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/reservation'));
    expect(window.localStorage.getItem('agent-portal.session')).toBe(stored);
  });
});

describe('the top bar', () => {
  it('shows the plan and balance of a prepaid account', async () => {
    signedIn(seller);
    await renderApp('/reservation');
    const chip = await screen.findByRole('status', { name: 'Account' });
    await waitFor(() => expect(chip).toHaveTextContent('Prepaid'));
    expect(chip).toHaveTextContent('Balance: ৳ 50,000.00');
    expect(within(chip).getByRole('button', { name: 'Refresh balance' })).toBeInTheDocument();
  });

  it('shows the bill of any other plan', async () => {
    signedIn(seller, {
      'GET /api/account/1': {
        status: 200,
        data: {
          ...prepaidAccount,
          plan: { name: 'POSTPAID', displayName: 'Postpaid' },
          balance: 0,
          bill: 1234.5,
          creditLimit: 20000,
        },
      },
    });
    await renderApp('/reservation');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Account' })).toHaveTextContent('Bill: ৳ 1,234.50'));
  });

  it('lists the companies with the current one selected', async () => {
    signedIn(seller);
    await renderApp('/reservation');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Switch company' }));
    const current = await screen.findByRole('menuitem', { name: 'Padma Paribahan' });
    expect(current.className).toMatch(/selected/);
    expect(screen.getByRole('menuitem', { name: 'Jamuna Lines' }).className).not.toMatch(/selected/);
  });

  it('logs out through the user menu', async () => {
    const { requests } = signedIn(seller);
    const { router } = await renderApp('/reservation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.some((r) => r.url === '/api/logout')).toBe(true);
    expect(useSessionStore.getState()).toMatchObject({ token: null, companyId: null, redirectUrl: null });
  });

  it('switches the interface to Bengali', async () => {
    signedIn(seller);
    await renderApp('/reservation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'বাংলা' }));
    expect(await screen.findByRole('heading', { name: 'রিজার্ভেশন' })).toBeInTheDocument();
    expect(window.localStorage.getItem('agent-portal.language')).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
    await user.click(screen.getByRole('button', { name: 'ভাষা' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Reservation' })).toBeInTheDocument();
  });
});

describe('the drawer', () => {
  it('lists only the entries the user may open and marks the current one', async () => {
    signedIn(profileWith(['AGENT_DEPOSIT_REQUEST', 'AGENT_REPORT_OUTLET_SALES']));
    await renderApp('/report/outlet-sales');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getAllByRole('link')).toHaveLength(2);
    // Each entry shows its key (the route's, whoever signs in: outlet sales is the third report) beside its name.
    const deposit = within(menu).getByRole('link', { name: 'Deposit' });
    expect(deposit).toHaveAttribute('aria-keyshortcuts', 'Alt+6');
    expect(within(deposit).getByText('Alt+6')).toHaveClass('screen-kbd');
    const outletSales = within(menu).getByRole('link', { name: 'Outlet sales' });
    expect(outletSales).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+3');
    expect(within(outletSales).getByText('Alt+Shift+3')).toHaveClass('screen-kbd');
    expect(within(menu).getByText('Operations')).toBeInTheDocument();
    expect(within(menu).getByText('Reports')).toBeInTheDocument();
    const active = within(menu).getByRole('link', { name: 'Outlet sales' }).closest('li');
    expect(active?.className).toMatch(/selected/);
  });
});

describe('the password-expiry banner', () => {
  it.each([
    [3, 'Your password will be expired in 3 days'],
    [0, 'Password will be expired today'],
  ])('warns at %i days left and can be dismissed', async (days, text) => {
    signedIn({ ...seller, passwordValidity: days });
    await renderApp('/reservation');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(text);
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
  });

  it('stays away with more than 7 days left', async () => {
    signedIn({ ...seller, passwordValidity: 8 });
    await renderApp('/reservation');
    await screen.findByRole('heading', { name: 'Reservation' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('connectivity', () => {
  it('says when the connection goes and when it comes back', async () => {
    signedIn(seller);
    await renderApp('/reservation');
    await screen.findByRole('heading', { name: 'Reservation' });
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText('No internet connection')).toBeInTheDocument();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Connection available now')).toBeInTheDocument();
  });
});

describe('a session whose grounds ended (issue #32, item 5)', { timeout: 60_000 }, () => {
  it('signs out when a call answers BRANCH_INACTIVE (the outlet closed) and the sign-in page says why', async () => {
    signedIn(seller, { 'GET /api/account/1': { status: 403, data: { reason: 'BRANCH_INACTIVE' } } });
    const { router } = await renderApp('/reservation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSessionStore.getState()).toMatchObject({ token: null, redirectUrl: '/reservation' });
    await findOneToast('Your outlet is inactive');
  });

  it('shows only the password change once a call answers PASSWORD_EXPIRED, and the portal again once it is changed', async () => {
    const { requests } = signedIn(seller, {
      'GET /api/account/1': failingFirst(
        1,
        { status: 422, data: { reason: 'PASSWORD_EXPIRED' } },
        { status: 200, data: prepaidAccount },
      ),
      'POST /api/changePassword': { status: 200, data: { ok: true } },
    });
    await renderApp('/reservation');
    expect(await screen.findByText('Your password has expired. Choose a new one to carry on.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Reservation' })).not.toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok', passwordExpired: true });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Current password'), 'Old@1234');
    await user.type(screen.getByLabelText('New password'), 'New@12345');
    await user.type(screen.getByLabelText('Confirm new password'), 'New@12345');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Reservation' })).toBeInTheDocument();
    expect(useSessionStore.getState().passwordExpired).toBe(false);
    expect(requests.some((r) => r.url?.endsWith('/api/changePassword'))).toBe(true);
  });

  it('lets the user log out instead of changing an expired password', async () => {
    signedIn(seller, { 'GET /api/profile/1': { status: 422, data: { reason: 'PASSWORD_EXPIRED' } } });
    const { router } = await renderApp('/reservation');
    await screen.findByText('Your password has expired. Choose a new one to carry on.');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSessionStore.getState()).toMatchObject({ token: null, passwordExpired: false });
  });
});
