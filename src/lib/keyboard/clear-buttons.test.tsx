/**
 * Tab from field to field of a filled-in form, with antd's real fields: the
 * clear buttons of an Input and a DatePicker (buttons, so Tab stops on them)
 * are out of the Tab order once the portal keeps them out.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input, Select } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { DatePicker } from '../../components/date-picker';
import { calendarDay } from '../format';
import { CLEAR_BUTTONS, keepClearButtonsOutOfTabOrder } from './clear-buttons';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

function FilledForm() {
  return (
    <Form initialValues={{ day: calendarDay('2026-03-10'), city: 1, code: 'P-102' }}>
      <Form.Item name="day" label="Day">
        <DatePicker allowClear />
      </Form.Item>
      <Form.Item name="city" label="City">
        <Select allowClear options={[{ value: 1, label: 'Dhaka' }]} />
      </Form.Item>
      <Form.Item name="code" label="Code">
        <Input allowClear />
      </Form.Item>
      <Button htmlType="submit">Search</Button>
    </Form>
  );
}

/** The accessible names (or classes) of what each Tab from the first field lands on. */
async function tabStops(count: number): Promise<string[]> {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByLabelText('Day'));
  const stops: string[] = [];
  for (let i = 0; i < count; i += 1) {
    await user.tab();
    const active = document.activeElement as HTMLElement;
    stops.push(active.matches(CLEAR_BUTTONS) ? 'clear' : (active.getAttribute('id') ?? active.textContent ?? ''));
  }
  return stops;
}

describe('clear buttons and the Tab key', { timeout: 60_000 }, () => {
  it('are Tab stops in antd as it is (why the portal needs this)', async () => {
    render(<FilledForm />);
    expect(await tabStops(4)).toContain('clear');
  });

  it('are skipped once kept out: Tab goes date, city, code, Search', async () => {
    stop = keepClearButtonsOutOfTabOrder();
    render(<FilledForm />);
    expect(await tabStops(3)).toEqual(['city', 'code', 'Search']);
  });

  it('keeps out a clear button that appears later, as a field gets a value', async () => {
    stop = keepClearButtonsOutOfTabOrder();
    render(
      <Form>
        <Form.Item name="code" label="Code">
          <Input allowClear />
        </Form.Item>
        <Button htmlType="submit">Search</Button>
      </Form>,
    );
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Code'), 'P-102');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    document.querySelectorAll<HTMLElement>(CLEAR_BUTTONS).forEach((button) => expect(button.tabIndex).toBe(-1));
  });
});
