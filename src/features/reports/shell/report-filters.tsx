import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { ReservationStatus } from '@agent-portal/contract';
import { useImperativeHandle, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyHint, keyHintProps } from '../../../components/key-hint';
import { focusFirstField, useFormElement } from '../../../lib/keyboard/focus-first';
import { DatePicker } from '../../../components/date-picker';
import { DateRangeItems } from '../../../components/date-range-items';
import { calendarDay, toInputDate } from '../../../lib/format';
import { useAgentRoutes, useOutlets } from './lookups';
import type { FilterField, ReportFilter } from './types';
import { normalizeDigits } from '../../../lib/digits';
import { enterSubmits } from '../../../components/enter-submits';

interface Values {
  startDate: Dayjs;
  endDate: Dayjs;
  date: Dayjs;
  outletId?: number;
  routeId: number;
  status?: number;
  pnr?: string;
  phone?: string;
}

const toValues = (f: ReportFilter): Values => ({
  startDate: calendarDay(f.fromDate),
  endDate: calendarDay(f.toDate),
  date: calendarDay(f.date),
  outletId: f.outletId,
  routeId: f.routeId,
  status: f.status,
  pnr: f.pnr,
  phone: f.phone,
});

const toFilter = (v: Values, previous: ReportFilter): ReportFilter => ({
  fromDate: v.startDate ? toInputDate(v.startDate) : previous.fromDate,
  toDate: v.endDate ? toInputDate(v.endDate) : previous.toDate,
  date: v.date ? toInputDate(v.date) : previous.date,
  outletId: v.outletId ?? previous.outletId,
  routeId: v.routeId ?? 0,
  status: v.status ?? undefined,
  pnr: v.pnr?.trim() || undefined,
  phone: v.phone?.trim() || undefined,
});

/** What the report's keys reach: F2 the first filter, F9 Run, Alt+N the report's default filters. */
export interface ReportFiltersHandle {
  focus: () => void;
  submit: () => void;
  reset: (filter: ReportFilter) => void;
}

interface Props {
  handle?: Ref<ReportFiltersHandle>;
  fields: readonly FilterField[];
  initial: ReportFilter;
  companyId: number;
  tripDates?: boolean;
  busy: boolean;
  onRun: (filter: ReportFilter) => void;
}

/** The filters a report declares and its Run button; Enter in any field runs it too. */
export function ReportFilters({ handle, fields, initial, companyId, tripDates, busy, onRun }: Props) {
  const { t } = useTranslation('reports');
  const [form] = Form.useForm<Values>();
  const formElement = useFormElement();
  useImperativeHandle(
    handle,
    () => ({
      focus: () => focusFirstField(formElement.element.current),
      submit: () => form.submit(),
      // Every field named, an empty one too: setFieldsValue would keep a PNR the defaults leave out.
      reset: (filter) => {
        const values = toValues(filter);
        form.setFields((Object.keys(values) as (keyof Values)[]).map((name) => ({ name, value: values[name] })));
      },
    }),
    [form, formElement.element],
  );
  const has = (field: FilterField) => fields.includes(field);
  const routes = useAgentRoutes(companyId, has('route'));
  const { outlets, loading: outletsLoading } = useOutlets(companyId, has('outlet'));

  return (
    <Form<Values>
      ref={formElement.ref}
      form={form}
      layout="inline"
      initialValues={toValues(initial)}
      onFinish={(values) => onRun(toFilter(values, initial))}
      aria-label={t('filters.title')}
      // Enter on a closed select runs it too, as it does in the text fields (components/enter-submits.ts).
      onKeyDownCapture={enterSubmits(() => form.submit())}
      style={{ rowGap: 8, marginBottom: 16 }}
    >
      {has('range') ? (
        <DateRangeItems
          labels={{
            start: t(tripDates ? 'filters.tripFromDate' : 'filters.fromDate'),
            end: t(tripDates ? 'filters.tripToDate' : 'filters.toDate'),
          }}
        />
      ) : null}
      {has('day') ? (
        <Form.Item name="date" label={t('filters.date')} rules={[{ required: true, message: '' }]}>
          <DatePicker allowClear={false} />
        </Form.Item>
      ) : null}
      {has('outlet') ? (
        <Form.Item name="outletId" label={t('common:fields.outlet')} rules={[{ required: true, message: '' }]}>
          <Select
            style={{ width: 200 }}
            loading={outletsLoading}
            options={outlets.map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
      ) : null}
      {has('route') ? (
        <Form.Item name="routeId" label={t('common:fields.route')}>
          <Select
            style={{ width: 260 }}
            loading={routes.isLoading}
            options={[
              { value: 0, label: t('filters.allRoutes') },
              ...(routes.data ?? []).map((r) => ({ value: r.id, label: r.name })),
            ]}
          />
        </Form.Item>
      ) : null}
      {has('status') ? (
        <Form.Item name="status" label={t('common:fields.status')}>
          <Select
            allowClear
            placeholder={t('common:filters.anyStatus')}
            style={{ width: 170 }}
            options={Object.values(ReservationStatus).map((s) => ({
              value: s,
              label: t(`common:reservationStatus.${s}`),
            }))}
          />
        </Form.Item>
      ) : null}
      {has('pnr') ? (
        <Form.Item name="pnr" label={t('common:fields.pnr')} normalize={normalizeDigits}>
          <Input allowClear autoComplete="off" maxLength={10} style={{ width: 130 }} />
        </Form.Item>
      ) : null}
      {has('phone') ? (
        <Form.Item name="phone" label={t('common:fields.phone')} normalize={normalizeDigits}>
          <Input allowClear autoComplete="off" maxLength={20} style={{ width: 150 }} />
        </Form.Item>
      ) : null}
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlayCircleOutlined aria-hidden />}
          loading={busy}
          {...keyHintProps('submit')}
        >
          {t('run')}
          <KeyHint id="submit" />
        </Button>
      </Form.Item>
    </Form>
  );
}
