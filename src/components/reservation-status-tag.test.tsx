import { ReservationStatus } from '@agent-portal/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../lib/i18n';
import en from '../locales/en/common.json';
import { ReservationStatusTag } from './reservation-status-tag';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  await changeLanguage('en');
});

describe('ReservationStatusTag', () => {
  it('names every status from common:reservationStatus, each with a colour of its own', () => {
    const colours = new Set<string>();
    for (const status of Object.values(ReservationStatus)) {
      const { unmount } = render(<ReservationStatusTag status={status} />);
      const name = (en.reservationStatus as Record<string, string>)[String(status)];
      expect(name, `status ${status}`).toBeDefined();
      const tag = screen.getByText(name!);
      const colour = [...tag.classList].find((c) => /^ant-tag-(?!filled$|outlined$|borderless$)[a-z]+$/.test(c));
      expect(colour, `status ${status}`).toBeDefined();
      colours.add(colour!);
      unmount();
    }
    expect(colours.size).toBe(Object.values(ReservationStatus).length);
  });

  it('says the status in Bengali on a Bengali screen', async () => {
    await changeLanguage('bn');
    render(<ReservationStatusTag status={ReservationStatus.BOOKED} />);
    expect(screen.getByText('বুকড')).toBeInTheDocument();
  });
});
