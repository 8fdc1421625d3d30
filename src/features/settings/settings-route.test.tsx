import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { appInfo, fakeBridge } from '../../test/fake-bridge';

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
    await userEvent.setup().click(await screen.findByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('in the desktop shell opens from the user menu, which also announces a ready update', async () => {
    fakeBridge({
      getAppInfo: appInfo({
        version: '1.2.0',
        platform: 'win32',
        updateAvailable: '1.3.0',
        updateMode: 'install',
        updateState: 'ready',
      }),
    });
    signedIn();
    const { router } = await renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const notice = await screen.findByRole('menuitem', { name: /1\.3\.0/ });
    expect(notice).toHaveTextContent('Update 1.3.0 ready');
    expect(notice).toHaveTextContent('Installs when you close the app');
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(document.title).toBe('Agent: Settings');
    expect(await screen.findByRole('form', { name: 'Ticket printing' })).toBeInTheDocument();
  });

  it('while the update downloads, or after its download failed, the user menu does not call it ready', async () => {
    for (const [updateState, title, detail] of [
      ['downloading', 'Downloading update 1.3.0', 'Installs when you close the app once downloaded'],
      ['error', 'Update 1.3.0 could not be downloaded', 'Tries again later; ask your support team if this goes on'],
    ] as const) {
      fakeBridge({ getAppInfo: appInfo({ updateAvailable: '1.3.0', updateMode: 'install', updateState }) });
      signedIn();
      await renderApp('/profile');
      await userEvent.setup().click(await screen.findByRole('button', { name: 'User menu' }));
      const notice = await screen.findByRole('menuitem', { name: /1\.3\.0/ });
      expect(notice).toHaveTextContent(title);
      expect(notice).toHaveTextContent(detail);
      expect(notice).not.toHaveTextContent(/ready/i);
      resetApp();
    }
  });

  it('where the shell only announces updates, the user menu sends the agent to support instead of promising an install', async () => {
    fakeBridge({
      getAppInfo: appInfo({
        platform: 'linux',
        updateAvailable: '1.3.0',
        updateMode: 'notify',
        updateState: 'available',
      }),
    });
    signedIn();
    await renderApp('/profile');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'User menu' }));
    const notice = await screen.findByRole('menuitem', { name: /1\.3\.0/ });
    expect(notice).toHaveTextContent('Version 1.3.0 available');
    expect(notice).toHaveTextContent('Ask your support team to install it');
    expect(notice).not.toHaveTextContent(/ready|close the app/i);
    expect(screen.getByRole('button', { name: 'User menu' }).querySelector('.ant-badge-dot')).not.toBeNull();
  });

  it('with updates off, the user menu announces nothing and Settings says updates are off', async () => {
    fakeBridge({ getAppInfo: appInfo({ updateAvailable: '1.3.0', updateMode: 'off' }) });
    signedIn();
    await renderApp('/settings');
    // The app info has arrived (the menu reads the same query).
    expect(await screen.findByText('Automatic updates are off on this computer.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /1\.3\.0/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu' }).querySelector('.ant-badge-dot')).toBeNull();
  });
});
