import type { AgentPortalBridge, DeviceInfo } from '@agent-portal/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetApp } from '../../test/render-app';

function shellWith(device: DeviceInfo) {
  window.agentPortal = {
    getDeviceInfo: () => Promise.resolve({ ok: true, value: device }),
    getSession: () => Promise.resolve({ ok: true, value: null }),
    canRememberSession: () => Promise.resolve({ ok: true, value: true }),
    getSettings: () => Promise.resolve({ ok: false, error: { reason: 'SHELL_ERROR' } }),
  } as unknown as AgentPortalBridge;
}

const base: DeviceInfo = {
  deviceId: 'dev-9',
  deviceType: 'AGENT_ELECTRON',
  uuid: 'u',
  status: null,
  licenceKey: null,
  registrationError: null,
};

afterEach(() => {
  resetApp();
  delete window.agentPortal;
});

describe('the device panel of the sign-in page', () => {
  it('shows a failed registration in the counter language, and that it is retried', async () => {
    shellWith({ ...base, registrationError: 'MOBILE_DEVICE_REGISTRATION_FAILED' });
    await renderApp('/login', 'bn');
    const device = await screen.findByRole('region', { name: 'এই ডিভাইস' });
    expect(within(device).getByRole('status')).toHaveTextContent('ডিভাইস নিবন্ধন ব্যর্থ হয়েছে');
    // The status as a person reads it under its term (a term's definition takes no name of its own in ARIA 1.3).
    expect(within(device).getByText('এখনও নিবন্ধিত হয়নি')).toBeInTheDocument();
  });

  it('shows the status of a registered device', async () => {
    shellWith({ ...base, status: 'PENDING' });
    await renderApp('/login');
    const device = await screen.findByRole('region', { name: 'This device' });
    expect(within(device).getByText('Waiting for approval')).toBeInTheDocument();
    expect(within(device).queryByRole('status')).not.toBeInTheDocument();
  });
});
