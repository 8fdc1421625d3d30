import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setCompanyTime } from '../lib/format/company-time';
import { initI18n } from '../lib/i18n';
import { DatePicker } from './date-picker';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.useRealTimers();
});

const todayCell = () => document.querySelector('.ant-picker-dropdown .ant-picker-cell-today')?.getAttribute('title');

describe('DatePicker', () => {
  it("marks the company's today, not the PC's", () => {
    // The PC's clock says 22:00 on 9 March in New York; the server's is 09:00 on 10 March in Dhaka.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime('2026-03-10T03:00:00.000Z');
    setCompanyTime({ timeZone: 'Asia/Dhaka', serverTime: '2026-03-10T03:00:00.000Z' });
    render(<DatePicker open />);
    expect(todayCell()).toBe('2026-03-10');
  });

  it("follows the server's clock when the PC's is a month behind", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime('2026-02-08T12:00:00.000Z');
    setCompanyTime({ timeZone: 'Asia/Dhaka', serverTime: '2026-03-10T04:00:00.000Z' });
    render(<DatePicker open />);
    expect(todayCell()).toBe('2026-03-10');
  });
});
