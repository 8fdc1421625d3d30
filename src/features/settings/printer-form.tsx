import { PrinterOutlined } from '@ant-design/icons';
import type { PaperSize, PrinterInfo, PrinterSettings } from '@agent-portal/contract';
import { Alert, Button, Form, InputNumber, Radio, Select, Space, Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonMessage } from '../../lib/api/error-messages';

/** The Select's value for "System default" (deviceName null). */
export const SYSTEM_DEFAULT = '__system-default__';
const PAPERS: readonly PaperSize[] = ['58mm', '80mm', 'A4'];

export type TestPrintOutcome =
  { ok: true; copiesPrinted: number | null } | { ok: false; reason: string; message?: string };

interface FormValues {
  printer: string;
  paper: PaperSize;
  copies: number;
  autoPrintAfterSale: boolean;
}

export interface PrinterFormProps {
  /** The system's printers; null when the shell could not list them. */
  printers: readonly PrinterInfo[] | null;
  preferences: PrinterSettings;
  onSave: (settings: PrinterSettings) => Promise<unknown>;
  onTestPrint: (settings: PrinterSettings) => Promise<TestPrintOutcome>;
}

const toValues = (p: PrinterSettings): FormValues => ({
  printer: p.deviceName ?? SYSTEM_DEFAULT,
  paper: p.paper,
  copies: p.copies,
  autoPrintAfterSale: p.autoPrintAfterSale,
});

const toSettings = (v: FormValues): PrinterSettings => ({
  deviceName: v.printer === SYSTEM_DEFAULT ? null : v.printer,
  paper: v.paper,
  copies: v.copies,
  autoPrintAfterSale: v.autoPrintAfterSale,
});

/** Entries without a system name cannot be printed to (getPrintersAsync can return such entries). */
const usable = (printers: readonly PrinterInfo[] | null) => (printers ?? []).filter((p) => p.name.trim() !== '');
const labelOf = (p: PrinterInfo) => p.displayName.trim() || p.name;

type Feedback = { ok: true; text: string } | { ok: false; text: string };

/** Printer (by system name), paper, copies and auto-print; Save, and a Test print with what is chosen. */
export function PrinterForm({ printers, preferences, onSave, onTestPrint }: PrinterFormProps) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [saveFeedback, setSaveFeedback] = useState<Feedback | null>(null);

  useEffect(() => {
    form.setFieldsValue(toValues(preferences));
  }, [form, preferences]);

  const list = usable(printers);
  const systemDefault = list.find((p) => p.isDefault);
  const options = [
    {
      value: SYSTEM_DEFAULT,
      label: systemDefault
        ? t('printer.systemDefaultNamed', { name: labelOf(systemDefault) })
        : t('printer.systemDefault'),
    },
    ...list.map((p) => ({
      value: p.name,
      label: (
        <span data-testid="printer-option">
          {labelOf(p)}
          {p.isDefault && (
            <Tag color="blue" style={{ marginInlineStart: 8 }}>
              {t('printer.defaultTag')}
            </Tag>
          )}
        </span>
      ),
    })),
    // A saved printer that is gone stays visible, so the counter sees why printing fails.
    ...(preferences.deviceName && printers && !list.some((p) => p.name === preferences.deviceName)
      ? [{ value: preferences.deviceName, label: t('printer.missing', { name: preferences.deviceName }) }]
      : []),
  ];

  const save = async (values: FormValues) => {
    setSaving(true);
    setSaveFeedback(null);
    try {
      await onSave(toSettings(values));
      setSaveFeedback({ ok: true, text: t('printer.saved') });
    } catch (error) {
      setSaveFeedback({ ok: false, text: reasonMessage(error instanceof Error ? error.message : 'SHELL_ERROR') });
    } finally {
      setSaving(false);
    }
  };

  const testPrint = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setPrinting(true);
    setFeedback(null);
    try {
      const result = await onTestPrint(toSettings(values));
      if (result.ok) {
        setFeedback({
          ok: true,
          text:
            result.copiesPrinted === null
              ? t('printer.testPrintedBrowser')
              : t('printer.testPrinted', { count: result.copiesPrinted }),
        });
      } else {
        setFeedback({ ok: false, text: t('printer.testFailed', { message: reasonMessage(result.reason) }) });
      }
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={toValues(preferences)}
      onFinish={(values) => void save(values)}
      onValuesChange={() => setSaveFeedback(null)}
      requiredMark={false}
      aria-label={t('printer.title')}
      style={{ maxWidth: 520 }}
    >
      {printers === null && (
        <Alert style={{ marginBottom: 16 }} type="warning" showIcon title={t('printer.listFailed')} />
      )}
      {printers !== null && list.length === 0 && (
        <Alert style={{ marginBottom: 16 }} type="warning" showIcon title={t('printer.noPrinters')} />
      )}
      <Form.Item name="printer" label={t('printer.printer')}>
        <Select options={options} optionLabelProp="label" suffixIcon={<PrinterOutlined aria-hidden />} />
      </Form.Item>
      <Form.Item name="paper" label={t('printer.paper')}>
        <Radio.Group
          optionType="button"
          options={PAPERS.map((paper) => ({ value: paper, label: t(`printer.papers.${paper}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="copies"
        label={t('printer.copies')}
        rules={[{ required: true, type: 'integer', min: 1, max: 5, message: t('printer.copiesRange') }]}
      >
        <InputNumber min={1} max={5} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="autoPrintAfterSale" label={t('printer.autoPrint')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {saveFeedback && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          type={saveFeedback.ok ? 'success' : 'error'}
          role={saveFeedback.ok ? 'status' : 'alert'}
          title={saveFeedback.text}
        />
      )}
      {feedback && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          type={feedback.ok ? 'success' : 'error'}
          role={feedback.ok ? 'status' : 'alert'}
          title={feedback.text}
        />
      )}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('printer.save')}
        </Button>
        <Button icon={<PrinterOutlined aria-hidden />} onClick={() => void testPrint()} loading={printing}>
          {t('printer.testPrint')}
        </Button>
      </Space>
    </Form>
  );
}
