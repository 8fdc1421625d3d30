import type { AgentPortalBridge, DeviceInfo, StoredSession } from '@agent-portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp, type Handler } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { findOneToast, toastTexts } from '../../test/toasts';

const depositAgent = profileWith(['AGENT_DEPOSIT_REQUEST', 'AGENT_VIEW_COMMISSIONS']);

function signedInServer(
  login: Handler = () => ({ status: 200, data: { token: 'tok-9', expiresAt: '2030-01-01T00:00:00Z' } }),
) {
  return fakeHttp({
    'POST /api/login': login,
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: depositAgent },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
  });
}

async function signIn(username = 'agent', password = 'Agent@123') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

afterEach(() => {
  resetApp();
  delete window.agentPortal;
});

describe('the sign-in page', () => {
  it('asks the user to sign into the agent platform, with every control named', async () => {
    await renderApp('/login');
    expect(await screen.findByText('Please sign into the agent platform')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(document.title).toBe('Agent: Sign in');
    expect(screen.queryByRole('region', { name: 'This device' })).not.toBeInTheDocument();
  });

  it('is plain markup, no antd, with the fields in tab order and the password shown on request', async () => {
    await renderApp('/login');
    const username = await screen.findByLabelText('Username');
    // antd loads with the signed-in shell: nothing on this page is an antd component.
    expect(document.querySelector('[class^="ant-"], [class*=" ant-"]')).toBeNull();
    expect(username).toHaveFocus();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveFocus();

    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(show).toHaveAttribute('aria-pressed', 'true');
  });

  it('announces the missing fields in Bengali, each tied to its field', async () => {
    await renderApp('/login', 'bn');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'সাইন ইন' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(2);
    for (const alert of alerts)
      expect(document.querySelector(`[aria-describedby="${alert.id}"]`)).toHaveAttribute('aria-invalid', 'true');
  });

  it('names the missing fields and sends nothing', async () => {
    const { requests } = signedInServer();
    await renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your username')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('shows the reason of a refused sign-in as one toast, not on the form', async () => {
    signedInServer(() => ({ status: 401, data: { reason: 'BAD_CREDENTIALS' } }));
    await renderApp('/login');
    await signIn('agent', 'wrong');
    await findOneToast('Invalid Credentials');
    // Nowhere else: the form shows no copy of it.
    expect(screen.getAllByText('Invalid Credentials')).toHaveLength(1);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('toasts a sign-in whose company list is refused once, and stays signed out', async () => {
    fakeHttp({
      'POST /api/login': { status: 200, data: { token: 'tok-9', expiresAt: '2030-01-01T00:00:00Z' } },
      'GET /api/lookup/company': { status: 403, data: { reason: 'NO_ALLOWED_COMPANY_FOUND' } },
      'POST /api/logout': { status: 200, data: { ok: true } },
    });
    await renderApp('/login');
    await signIn();
    await findOneToast('No company is allowed for your account');
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('keeps a field error of the answer under its field, and toasts the failure once', async () => {
    signedInServer(() => ({
      status: 400,
      data: { reason: 'VALIDATION_FAILED', details: { fields: { username: 'USERNAME_REQUIRED' } } },
    }));
    await renderApp('/login');
    await signIn('  x ', 'Agent@123');
    expect(await screen.findByText('Please enter your username')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    // The toasts load in a chunk of their own (antd's), apart from this page: the one toast may come a moment later.
    await waitFor(() => expect(toastTexts()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastTexts()).toHaveLength(1);
  });

  it('disables the button while signing in, then opens the first screen the user may see', async () => {
    let release: () => void = () => undefined;
    const { requests } = signedInServer(
      () =>
        new Promise(
          (resolve) =>
            (release = () => resolve({ status: 200, data: { token: 'tok-9', expiresAt: '2030-01-01T00:00:00Z' } })),
        ),
    );
    const { router } = await renderApp('/login');
    await signIn();
    await waitFor(() => expect(screen.getByRole('button', { name: /Sign in/ })).toBeDisabled());
    release();
    expect(await screen.findByRole('heading', { name: 'Deposit' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/deposit');
    // A browser is no registered device: it sends no device id, but the uuid it keeps.
    const uuid = window.localStorage.getItem('agent-portal.uuid');
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests[0]?.data).toBe(
      JSON.stringify({ username: 'agent', password: 'Agent@123', rememberMe: false, uuid }),
    );
    expect(useSessionStore.getState()).toMatchObject({
      token: 'tok-9',
      companyId: 1,
      user: 'agent',
      deviceId: null,
      deviceType: null,
      uuid,
    });
    expect(JSON.parse(window.sessionStorage.getItem('agent-portal.session') ?? 'null')).toEqual({
      token: 'tok-9',
      companyId: 1,
      rememberMe: false,
      user: 'agent',
      deviceId: null,
      deviceType: null,
      uuid,
    });
    expect(window.localStorage.getItem('agent-portal.session')).toBeNull();
  });

  it('returns to the page that asked for a sign-in', async () => {
    signedInServer();
    const { router } = await renderApp('/commission?month=3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Commissions' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?month=3');
  });

  it('explains an expired session once, as a toast', async () => {
    useSessionStore.setState({ invalidSession: true });
    await renderApp('/login');
    await findOneToast('Invalid session. Please login again.');
    expect(useSessionStore.getState().invalidSession).toBe(false);
  });

  it('sends a signed-in user away from the sign-in page', async () => {
    signedInServer();
    useSessionStore.setState({ token: 'tok-9', companyId: 1 });
    const { router } = await renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/deposit'));
  });
});

describe('the sign-in page in the desktop shell', () => {
  const device: DeviceInfo = {
    deviceId: 'dev-0001-abcd',
    deviceType: 'AGENT_ELECTRON',
    uuid: 'uuid-1',
    status: 'APPROVED',
    licenceKey: 'LIC-XYZ',
    registrationError: null,
  };
  const saved: StoredSession[] = [];

  function installBridge(canRemember: boolean): void {
    const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
    window.agentPortal = {
      getDeviceInfo: () => ok(device),
      canRememberSession: () => ok(canRemember),
      getSession: () => ok(null),
      saveSession: (session: StoredSession) => {
        saved.push(session);
        return ok({ persisted: canRemember });
      },
      clearSession: () => ok(undefined),
    } as unknown as AgentPortalBridge;
  }

  it('shows the device id and licence key and signs in with them', async () => {
    installBridge(true);
    const { requests } = signedInServer();
    await renderApp('/login');
    const info = await screen.findByRole('region', { name: 'This device' });
    expect(info).toHaveTextContent('dev-0001-abcd');
    expect(info).toHaveTextContent('LIC-XYZ');
    await signIn();
    await screen.findByRole('heading', { name: 'Deposit' });
    expect(JSON.parse(String(requests[0]?.data))).toMatchObject({ deviceId: 'dev-0001-abcd', uuid: 'uuid-1' });
    expect(saved.at(-1)).toEqual({
      token: 'tok-9',
      companyId: 1,
      rememberMe: false,
      user: 'agent',
      deviceId: 'dev-0001-abcd',
      deviceType: 'AGENT_ELECTRON',
      uuid: 'uuid-1',
    });
    expect(useSessionStore.getState()).toMatchObject({
      user: 'agent',
      deviceId: 'dev-0001-abcd',
      deviceType: 'AGENT_ELECTRON',
      uuid: 'uuid-1',
    });
    expect(window.localStorage.getItem('agent-portal.uuid')).toBeNull();
  });

  it('turns "remember me" off when the shell cannot keep the session safely', async () => {
    installBridge(false);
    await renderApp('/login');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeDisabled());
    expect(screen.getByRole('note')).toHaveTextContent('"Remember me" is unavailable on this computer');
  });
});
