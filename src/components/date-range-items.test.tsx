import { render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../lib/i18n';
import { DateRangeItems } from './date-range-items';

beforeAll(async () => {
  await initI18n('en');
});

const labels = { start: 'From', end: 'To' };
const endBeforeStart = 'The end date is before the start date';

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
  it('refuses an end before the start, in the counter language', async () => {
    const form = renderRange(true);
    form().setFieldsValue({ startDate: dayjs('2026-11-10'), endDate: dayjs('2026-11-09') });
    await expect(form().validateFields()).rejects.toBeTruthy();
    await waitFor(() => expect(screen.getByText(endBeforeStart)).toBeInTheDocument());
    form().setFieldsValue({ endDate: dayjs('2026-11-10') });
    await expect(form().validateFields()).resolves.toBeTruthy();
  });

  it('refuses a range longer than the server takes (366 days, both ends counted), in the counter language', async () => {
    const form = renderRange(true);
    form().setFieldsValue({ startDate: dayjs('2025-01-01'), endDate: dayjs('2026-01-02') });
    await expect(form().validateFields()).rejects.toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('At most 366 days: choose a later start or an earlier end.')).toBeInTheDocument(),
    );
    // 2024 was a leap year: its 366 days are one range.
    form().setFieldsValue({ startDate: dayjs('2024-01-01'), endDate: dayjs('2024-12-31') });
    await expect(form().validateFields()).resolves.toBeTruthy();

    await changeLanguage('bn');
    form().setFieldsValue({ startDate: dayjs('2020-01-01'), endDate: dayjs('2026-03-10') });
    await expect(form().validateFields()).rejects.toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('সর্বোচ্চ ৩৬৬ দিন: শুরুর তারিখ পরে অথবা শেষের তারিখ আগে বেছে নিন।')).toBeInTheDocument(),
    );
    await changeLanguage('en');
  });

  it('requires both dates only when asked to', async () => {
    await expect(renderRange(true)().validateFields()).rejects.toBeTruthy();
    await expect(renderRange(false)().validateFields()).resolves.toBeTruthy();
  });
});
