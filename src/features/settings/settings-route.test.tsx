import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { fakeBridge } from './test-support/fake-bridge';

const agent = profileWith(['AGENT_CREATE_RESERVATION', 'AGENT_DEPOSIT_REQUEST']);

function signedIn() {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: agent },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
  });
}

afterEach(() => {
  resetApp();
  delete window.agentPortal;
});

describe('the settings route', () => {
  it('in a plain browser is in no menu and a direct visit goes home', async () => {
    signedIn();
    const { router } = await renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/settings'));
    await userEvent.setup().click(await screen.findByTestId('user-menu'));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('in the desktop shell opens from the user menu, which also announces a ready update', async () => {
    fakeBridge({ getAppInfo: vi.fn(async () => ({ ok: true as const, value: { version: '1.2.0', platform: 'linux', updateAvailable: '1.3.0', updateMode: 'notify' as const } })) });
    signedIn();
    const { router } = await renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByTestId('update-notice')).toHaveTextContent('Update 1.3.0 ready');
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(document.title).toBe('Agent: Settings');
    expect(await screen.findByTestId('printer-form')).toBeInTheDocument();
  });
});
