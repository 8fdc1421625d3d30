import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space } from 'antd';
import { ENTRY_TYPES, LEDGER_REASONS } from '@agent-portal/contract';
import type { Dayjs } from 'dayjs';
import { useImperativeHandle, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeItems } from '../../components/date-range-items';
import { KeyHint, keyHintProps } from '../../components/key-hint';
import { focusFirstField, useFormElement } from '../../lib/keyboard/focus-first';
import { toInputDate } from '../../lib/format';
import { defaultRange, type TransactionFilter } from './model/filters';
import { enterSubmits } from '../../components/enter-submits';

interface Values {
  startDate: Dayjs;
  endDate: Dayjs;
  type?: TransactionFilter['type'];
  reason?: string;
  transactionId?: string;
  referenceNo?: string;
}

function initialValues(): Values {
  const { start, end } = defaultRange();
  return { startDate: start, endDate: end };
}

/** What the screen's keys reach: F2 the first filter, F9 the search, Alt+N the filters back to this month. */
export interface FiltersHandle {
  focus: () => void;
  submit: () => void;
  reset: () => void;
}

/** Start and end date (default: this month so far), type, transaction id and reference. */
export function TransactionFilters({
  onSearch,
  busy,
  handle,
}: {
  onSearch: (filter: TransactionFilter) => void;
  busy: boolean;
  handle?: Ref<FiltersHandle>;
}) {
  const { t } = useTranslation('records');
  const [form] = Form.useForm<Values>();
  const formElement = useFormElement();
  const reset = () => {
    form.resetFields();
    form.setFieldsValue(initialValues());
    form.submit();
  };
  useImperativeHandle(handle, () => ({
    focus: () => focusFirstField(formElement.element.current),
    submit: () => form.submit(),
    reset,
  }));
  const submit = (values: Values) =>
    onSearch({
      startDate: toInputDate(values.startDate),
      endDate: toInputDate(values.endDate),
      type: values.type,
      reason: values.reason,
      transactionId: values.transactionId?.trim() || undefined,
      referenceNo: values.referenceNo?.trim() || undefined,
    });
  return (
    <Form<Values>
      ref={formElement.ref}
      form={form}
      layout="inline"
      initialValues={initialValues()}
      onFinish={submit}
      aria-label={t('filters.title')}
      // Enter on a closed select searches too, as it does in the text fields (components/enter-submits.ts).
      onKeyDownCapture={enterSubmits(() => form.submit())}
      style={{ rowGap: 8, marginBottom: 16 }}
    >
      <DateRangeItems
        labels={{
          start: t('filters.startDate'),
          end: t('filters.endDate'),
        }}
      />
      <Form.Item name="type" label={t('common:fields.type')}>
        <Select
          allowClear
          placeholder={t('filters.anyType')}
          style={{ width: 130 }}
          options={ENTRY_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
        />
      </Form.Item>
      <Form.Item name="reason" label={t('transaction.columns.reason')}>
        <Select
          allowClear
          placeholder={t('filters.anyReason')}
          style={{ width: 190 }}
          options={LEDGER_REASONS.map((v) => ({ value: v, label: t(`transaction.reasons.${v}`) }))}
        />
      </Form.Item>
      <Form.Item name="transactionId" label={t('filters.transactionId')}>
        <Input allowClear autoComplete="off" style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="referenceNo" label={t('transaction.columns.referenceNo')}>
        <Input allowClear autoComplete="off" style={{ width: 150 }} />
      </Form.Item>
      <Space>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SearchOutlined aria-hidden />}
          loading={busy}
          {...keyHintProps('submit')}
        >
          {t('common:actions.search')}
          <KeyHint id="submit" />
        </Button>
        <Button onClick={reset} {...keyHintProps('new')}>
          {t('filters.reset')}
          <KeyHint id="new" />
        </Button>
      </Space>
    </Form>
  );
}
