import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeHttp } from '../../test/fake-http';
import { renderApp, resetApp } from '../../test/render-app';

const ok = { status: 200, data: { ok: true } } as const;

function resetServer() {
  return fakeHttp({
    'POST /api/sendOtp': { status: 200, data: { ok: true, resendAfterSeconds: 60, maskedPhone: '******4567' } },
    'POST /api/verifyOtp': ok,
    'POST /api/resetPassword': ok,
  });
}

const sendOtpCalls = (requests: { url?: string }[]) => requests.filter((r) => r.url === '/api/sendOtp').length;

afterEach(() => {
  vi.useRealTimers();
  resetApp();
});

describe('password reset', () => {
  it('counts 60 s down before the OTP may be resent, and restarts the count on resend', async () => {
    const { requests } = resetServer();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderApp('/forgot-password');

    await user.type(await screen.findByLabelText('Username'), 'agent');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));

    expect(await screen.findByText('An OTP was sent to ******4567.')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('You can resend the OTP in 60 s');
    const resend = screen.getByRole('button', { name: /Resend OTP/ });
    expect(resend).toBeDisabled();

    await act(async () => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('timer')).toHaveTextContent('You can resend the OTP in 30 s');
    expect(resend).toBeDisabled();

    await act(async () => vi.advanceTimersByTime(30_000));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    const ready = screen.getByRole('button', { name: /Resend OTP/ });
    expect(ready).toBeEnabled();
    expect(ready.querySelector('.anticon-reload')).not.toBeNull();

    await user.click(ready);
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('You can resend the OTP in 60 s'));
    expect(screen.getByRole('button', { name: /Resend OTP/ })).toBeDisabled();
    expect(sendOtpCalls(requests)).toBe(2);
  });

  it('verifies the OTP, checks the new password and returns to sign-in', async () => {
    const { requests } = resetServer();
    const user = userEvent.setup();
    const { router } = await renderApp('/forgot-password');

    await user.click(await screen.findByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Please enter your username')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'agent');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));

    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));

    const newPassword = await screen.findByLabelText(/^New password/);
    await user.type(newPassword, 'weak');
    await user.type(screen.getByLabelText(/^Confirm password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();

    await user.clear(newPassword);
    await user.type(newPassword, 'Fresh@2025');
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'Fresh@2025');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const reset = requests.find((r) => r.url === '/api/resetPassword');
    expect(JSON.parse(String(reset?.data))).toEqual({
      username: 'agent',
      otp: '123456',
      newPassword: 'Fresh@2025',
      confirmPassword: 'Fresh@2025',
    });
  });

  it('links back to sign-in', async () => {
    resetServer();
    await renderApp('/forgot-password');
    expect(await screen.findByRole('link', { name: /Back to sign in/ })).toHaveAttribute('href', '/login');
  });
});
