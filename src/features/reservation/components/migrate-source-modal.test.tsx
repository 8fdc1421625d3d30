/** The migrate dialog says what is missing in the catalogue's words (PNR_REQUIRED, PIN_REQUIRED), in both languages. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n } from '../../../lib/i18n';
import { fakeHttp } from '../../../test/fake-http';
import { MigrateSourceModal } from './migrate-source-modal';

afterEach(async () => {
  await initI18n('en');
});

async function openDialog(language: 'en' | 'bn') {
  await initI18n(language);
  const http = fakeHttp({});
  const onFound = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
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
});
