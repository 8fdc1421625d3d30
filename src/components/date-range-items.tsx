import { Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { DatePicker } from './date-picker';

interface DateRangeItemsProps {
  labels: { start: string; end: string; endBeforeStart: string };
  /** Both dates must be given (transactions, commissions) or may be left empty (deposits). */
  required?: boolean;
}

/**
 * The start- and end-date fields of a filter form (names startDate and
 * endDate), with the end refused when it is before the start.
 */
export function DateRangeItems({ labels, required = true }: DateRangeItemsProps) {
  const requiredRule = required ? [{ required: true, message: '' }] : [];
  return (
    <>
      <Form.Item name="startDate" label={labels.start} rules={requiredRule}>
        <DatePicker format="DD-MM-YYYY" allowClear={!required} />
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
              return value && start && value.isBefore(start, 'day') ? Promise.reject(new Error(labels.endBeforeStart)) : Promise.resolve();
            },
          }),
        ]}
      >
        <DatePicker format="DD-MM-YYYY" allowClear={!required} />
      </Form.Item>
    </>
  );
}
