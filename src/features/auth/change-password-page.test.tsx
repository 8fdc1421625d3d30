import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { fakeHttp, type Reply } from '../../test/fake-http';
import { companies, prepaidAccount, profileWith } from '../../test/fixtures';
import { renderApp, resetApp } from '../../test/render-app';
import { findOneToast } from '../../test/toasts';

function server(answer: Reply) {
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  return fakeHttp({
    'GET /api/lookup/company': { status: 200, data: companies },
    'GET /api/profile/1': { status: 200, data: profileWith([]) },
    'GET /api/account/1': { status: 200, data: prepaidAccount },
    'POST /api/changePassword': answer,
  });
}

async function change() {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Current password'), 'Old@1234');
  await user.type(screen.getByLabelText('New password'), 'New@12345');
  await user.type(screen.getByLabelText('Confirm new password'), 'New@12345');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item')!;

// In development every answer is checked against the contract's schemas, loaded on first use: load them
// before the short tests here end, or the load outlives the test environment.
beforeAll(async () => {
  await import('@agent-portal/contract');
});

afterEach(() => resetApp());

describe('change password errors', { timeout: 60_000 }, () => {
  it('puts a wrong current password under its field and toasts it once', async () => {
    server({ status: 422, data: { reason: 'WRONG_CURRENT_PASSWORD' } });
    await renderApp('/change-password');
    await change();
    await findOneToast('The current password is wrong');
    await waitFor(() => expect(itemOf('Current password')).toHaveTextContent('The current password is wrong'));
  });

  it('toasts a refusal that points at no field once, and leaves the fields clean', async () => {
    server({ status: 503, data: { reason: 'SALES_RESTRICTED' } });
    await renderApp('/change-password');
    await change();
    await findOneToast('System is in under maintenance');
    expect(itemOf('Current password')).not.toHaveTextContent('maintenance');
    expect(itemOf('New password')).not.toHaveClass('ant-form-item-has-error');
  });
});
