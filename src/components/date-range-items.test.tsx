import { render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DateRangeItems } from './date-range-items';

const labels = { start: 'From', end: 'To', endBeforeStart: 'The end date is before the start date' };

function renderRange(required: boolean) {
  let form: FormInstance | null = null;
  function Harness() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance}>
        <DateRangeItems labels={labels} required={required} />
      </Form>
    );
  }
  render(<Harness />);
  return () => form as unknown as FormInstance;
}

describe('DateRangeItems', () => {
  it('refuses an end before the start, with the message given', async () => {
    const form = renderRange(true);
    form().setFieldsValue({ startDate: dayjs('2026-11-10'), endDate: dayjs('2026-11-09') });
    await expect(form().validateFields()).rejects.toBeTruthy();
    await waitFor(() => expect(screen.getByText(labels.endBeforeStart)).toBeInTheDocument());
    form().setFieldsValue({ endDate: dayjs('2026-11-10') });
    await expect(form().validateFields()).resolves.toBeTruthy();
  });

  it('requires both dates only when asked to', async () => {
    await expect(renderRange(true)().validateFields()).rejects.toBeTruthy();
    await expect(renderRange(false)().validateFields()).resolves.toBeTruthy();
  });
});
