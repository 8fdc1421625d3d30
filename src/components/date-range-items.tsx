import { MAX_DATE_RANGE_DAYS } from '@agent-portal/contract';
import { Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DatePicker } from './date-picker';

interface DateRangeItemsProps {
  /** The two fields' labels; the refusals are the same words on every screen (common namespace). */
  labels: { start: string; end: string };
  /** Both dates must be given (transactions, commissions) or may be left empty (deposits). */
  required?: boolean;
}

/**
 * The start- and end-date fields of a filter form (names startDate and
 * endDate), with the end refused when it is before the start or more than
 * MAX_DATE_RANGE_DAYS after it (the server refuses longer ranges).
 */
export function DateRangeItems({ labels, required = true }: DateRangeItemsProps) {
  const { t } = useTranslation('common');
  const requiredRule = required ? [{ required: true, message: '' }] : [];
  return (
    <>
      <Form.Item name="startDate" label={labels.start} rules={requiredRule}>
        <DatePicker allowClear={!required} />
      </Form.Item>
      <Form.Item
        name="endDate"
        label={labels.end}
        dependencies={['startDate']}
        rules={[
          ...requiredRule,
          ({ getFieldValue }) => ({
            validator: (_: unknown, value: Dayjs | null | undefined) => {
              const start = getFieldValue('startDate') as Dayjs | null | undefined;
              if (value && start && value.isBefore(start, 'day'))
                return Promise.reject(new Error(t('filters.endBeforeStart')));
              // Both ends count: 2026-01-01 to 2026-12-31 is 365 days.
              if (value && start && value.diff(start, 'day') + 1 > MAX_DATE_RANGE_DAYS) {
                return Promise.reject(new Error(t('dateRangeTooLong', { count: MAX_DATE_RANGE_DAYS })));
              }
              return Promise.resolve();
            },
          }),
        ]}
      >
        <DatePicker allowClear={!required} />
      </Form.Item>
    </>
  );
}
