/**
 * The migrate dialog says what is missing in the catalogue's words
 * (PNR_REQUIRED, PIN_REQUIRED), in both languages, under the fields; a
 * refused look-up is one toast.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n } from '../../../lib/i18n';
import { ReservationStatus } from '@agent-portal/contract';
import { fakeHttp, type Handler, type Reply } from '../../../test/fake-http';
import { soldReservation } from '../../../test/reservation-fixture';
import { findOneToast, ToastHost } from '../../../test/toasts';
import { MigrateSourceModal } from './migrate-source-modal';

afterEach(async () => {
  await initI18n('en');
});

async function openDialog(language: 'en' | 'bn', routes: Record<string, Handler | Reply> = {}) {
  await initI18n(language);
  const http = fakeHttp(routes);
  const onFound = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ToastHost />
      <MigrateSourceModal open onCancel={() => undefined} onFound={onFound} />
    </I18nextProvider>,
  );
  return { http, onFound, user: userEvent.setup({ delay: null }) };
}

describe('migrate dialog validation', { timeout: 60_000 }, () => {
  it('asks for the PNR and the PIN with the catalogue texts and looks nothing up', async () => {
    const { http, onFound, user } = await openDialog('en');
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    expect(await screen.findByText('Please enter the PNR')).toBeInTheDocument();
    expect(screen.getByText('Please enter the PIN')).toBeInTheDocument();
    expect(http.requests).toHaveLength(0);
    expect(onFound).not.toHaveBeenCalled();
  });

  it('says it in Bengali on the Bengali screen', async () => {
    const { user } = await openDialog('bn');
    await user.click(screen.getByRole('button', { name: i18n.t('migrate.find', { ns: 'reservation' }) }));
    expect(await screen.findByText('অনুগ্রহ করে পিএনআর লিখুন')).toBeInTheDocument();
    expect(screen.getByText('অনুগ্রহ করে পিন লিখুন')).toBeInTheDocument();
  });

  it('toasts a wrong PNR or PIN once, with no copy in the dialog', async () => {
    const { onFound, user } = await openDialog('en', {
      'POST /api/reservation/byPnrAndPin': { status: 422, data: { reason: 'WRONG_PNR_PIN' } },
    });
    await user.type(screen.getByLabelText('PNR'), 'K7Q2M9X4PA');
    await user.type(screen.getByLabelText('PIN'), '000000');
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    await findOneToast('Wrong PNR or PIN');
    expect(screen.getByRole('dialog')).not.toHaveTextContent('Wrong PNR or PIN');
    expect(onFound).not.toHaveBeenCalled();
  });

  it('says under the PNR that a cancelled ticket cannot migrate', async () => {
    const cancelled = soldReservation({ status: ReservationStatus.CANCELLED });
    const { onFound, user } = await openDialog('en', {
      'POST /api/reservation/byPnrAndPin': { status: 200, data: cancelled },
    });
    await user.type(screen.getByLabelText('PNR'), 'K7Q2M9X4PA');
    await user.type(screen.getByLabelText('PIN'), '123456');
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    const pnrItem = screen.getByLabelText('PNR').closest('.ant-form-item')!;
    expect(await screen.findByText(/Only a sold or open ticket can migrate/)).toBeInTheDocument();
    expect(pnrItem).toHaveTextContent('Only a sold or open ticket can migrate');
    expect(onFound).not.toHaveBeenCalled();
  });
});
