import { fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider, Form } from 'antd';
import bnBD from 'antd/es/locale/bn_BD';
import type { Dayjs } from 'dayjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setCompanyTime } from '../lib/format/company-time';
import { changeLanguage, initI18n } from '../lib/i18n';
import { calendarDay } from '../lib/format';
import { latinNumberLeaks } from '../test/latin-digits';
import { DatePicker, DateTimePicker } from './date-picker';

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

describe('the open panel in Bengali', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('writes the calendar, its header and the time columns in Bengali digits; the typed field keeps Latin ones', async () => {
    await changeLanguage('bn');
    render(
      <ConfigProvider locale={bnBD}>
        <DateTimePicker open value={calendarDay('2026-03-10').hour(14).minute(5)} aria-label="সময়" />
      </ConfigProvider>,
    );
    const panel = document.querySelector('.ant-picker-dropdown')?.textContent ?? '';
    expect(panel).toContain('২০২৬');
    expect(latinNumberLeaks(panel)).toEqual([]);
    expect(screen.getByLabelText('সময়')).toHaveValue('2026-03-10 দুপুর 2:05');
  });
});

/** Types into a date field as an agent does: click, type, Enter. */
function typeInto(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

describe('the one input format', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  function DateForm({ onDate }: { onDate: (value: Dayjs | undefined) => void }) {
    return (
      <Form onValuesChange={(_, all: { day?: Dayjs }) => onDate(all.day)}>
        <Form.Item name="day" label="Trip date">
          <DatePicker />
        </Form.Item>
      </Form>
    );
  }

  it('takes a date typed as yyyy-MM-dd and shows it so, in Bengali too (Latin digits)', async () => {
    await changeLanguage('bn');
    const onDate = vi.fn<(value: Dayjs | undefined) => void>();
    render(<DateForm onDate={onDate} />);
    typeInto('Trip date', '2026-03-15');
    expect(onDate.mock.lastCall?.[0]?.format('YYYY-MM-DD')).toBe('2026-03-15');
    expect(screen.getByLabelText('Trip date')).toHaveValue('2026-03-15');
  });

  it('does not take the day-first form', () => {
    const onDate = vi.fn<(value: Dayjs | undefined) => void>();
    render(<DateForm onDate={onDate} />);
    typeInto('Trip date', '15-03-2026');
    expect(onDate).not.toHaveBeenCalled();
  });

  function ExpiryForm({ onTime }: { onTime: (value: Dayjs | undefined) => void }) {
    return (
      <Form onValuesChange={(_, all: { expiry?: Dayjs }) => onTime(all.expiry)}>
        <Form.Item name="expiry" label="Expiry">
          <DateTimePicker />
        </Form.Item>
      </Form>
    );
  }

  it('shows a date and time as the screens show times: yyyy-MM-dd hh:mm AM/PM', () => {
    render(
      <label>
        Expiry
        <DateTimePicker value={calendarDay('2026-03-10').hour(14).minute(5)} />
      </label>,
    );
    expect(screen.getByLabelText('Expiry')).toHaveValue('2026-03-10 02:05 PM');
  });

  it('shows the part of the day before a 12-hour time in Bengali, as the screens do', async () => {
    await changeLanguage('bn');
    render(
      <label>
        Expiry
        <DateTimePicker value={calendarDay('2026-03-10').hour(22).minute(30)} />
      </label>,
    );
    expect(screen.getByLabelText('Expiry')).toHaveValue('2026-03-10 রাত 10:30');
  });

  it.each([
    ['en', '2026-03-10 11:30 PM', '2026-03-10 23:30'],
    ['en', '2026-03-10 23:30', '2026-03-10 23:30'],
    ['bn', '2026-03-10 রাত 11:30', '2026-03-10 23:30'],
    ['bn', '2026-03-10 রাত 12:30', '2026-03-10 00:30'],
    ['bn', '2026-03-10 দুপুর 1:05', '2026-03-10 13:05'],
    ['bn', '2026-03-10 09:15', '2026-03-10 09:15'],
  ] as const)('in %s takes "%s" typed, as %s', async (language, typed, time) => {
    await changeLanguage(language);
    const onTime = vi.fn<(value: Dayjs | undefined) => void>();
    render(<ExpiryForm onTime={onTime} />);
    typeInto('Expiry', typed);
    expect(onTime.mock.lastCall?.[0]?.format('YYYY-MM-DD HH:mm')).toBe(time);
  });

  it('does not take a part of the day with an hour it does not cover', async () => {
    await changeLanguage('bn');
    const onTime = vi.fn<(value: Dayjs | undefined) => void>();
    render(<ExpiryForm onTime={onTime} />);
    typeInto('Expiry', '2026-03-10 সকাল 2:00');
    expect(onTime).not.toHaveBeenCalled();
  });

  it("labels the time panel's a.m./p.m. column in Bengali words", async () => {
    await changeLanguage('bn');
    render(<DateTimePicker open value={calendarDay('2026-03-10').hour(9)} />);
    const meridiem = [...document.querySelectorAll('.ant-picker-time-panel-column')].at(-1)?.textContent;
    expect(meridiem).toBe('পূর্বাহ্ণঅপরাহ্ণ');
  });
});
