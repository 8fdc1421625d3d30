import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { booked } from '../test-support/reservations';
import { ExtendDialog } from './extend-dialog';

beforeAll(async () => {
  await initI18n('en');
});

// The server's now is 10:00 on 10 March in Dhaka (src/test/setup.ts); the PC's zone is New York's.
const reservation = booked({
  expirationTime: '2026-03-10T06:00:00.000Z', // 12:00 in Dhaka
  boardingTime: '2026-03-10T16:00:00.000Z', // 22:00 in Dhaka
});

describe('the extend dialog', () => {
  it("shows the limits, and suggests and takes the new expiry, in the company's wall time", async () => {
    const onSubmit = vi.fn(async () => true);
    render(<ExtendDialog reservation={reservation} pending={false} onSubmit={onSubmit} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Mar 10, 2026 12:00 PM');
    // An hour before boarding.
    expect(dialog).toHaveTextContent('Mar 10, 2026 09:00 PM');
    // Half an hour more than now's expiry, as the company's clock reads it.
    expect(screen.getByLabelText('New expiry time')).toHaveValue('2026-03-10 12:30 PM');
    await userEvent.click(screen.getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('2026-03-10T06:30:00.000Z'));
  });
});
