import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useImperativeHandle, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyHint, keyHintProps } from '../../components/key-hint';
import { focusFirstField, focusFirstFieldAfterRender, useFormElement } from '../../lib/keyboard/focus-first';
import type { TicketLookup } from './api/extra-weight';
import { normalisePin, normalisePnr, PIN_PATTERN, PNR_PATTERN } from './pnr';

/** What the charge screen's keys reach: F2 the PNR, F9 the look-up, Alt+N a blank form. */
export interface TicketLookupHandle {
  focus: () => void;
  submit: () => void;
  /** A blank form, the focus on the PNR. */
  reset: () => void;
  /** The PNR and PIN typed now, to tell a new look-up from the ticket on screen. */
  values: () => Partial<TicketLookup>;
}

/** The ticket's PNR and the PIN the passenger holds (the server gives a ticket only with both). */
export function TicketLookupForm({
  searching,
  onSearch,
  handle,
}: {
  searching: boolean;
  onSearch: (lookup: TicketLookup) => void;
  handle?: Ref<TicketLookupHandle>;
}) {
  const { t } = useTranslation('records');
  const { t: te } = useTranslation('errors');
  const [form] = Form.useForm<TicketLookup>();
  const formElement = useFormElement();
  useImperativeHandle(
    handle,
    () => ({
      focus: () => focusFirstField(formElement.element.current),
      submit: () => form.submit(),
      // After a reset the fields are new elements: the focus waits for them.
      reset: () => {
        form.resetFields();
        focusFirstFieldAfterRender(() => formElement.element.current);
      },
      values: () => form.getFieldsValue(),
    }),
    [form, formElement.element],
  );
  return (
    <Form<TicketLookup>
      ref={formElement.ref}
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onSearch}
      aria-label={t('extraWeight.findTitle')}
    >
      <Form.Item
        name="pnr"
        label={t('common:fields.pnr')}
        normalize={normalisePnr}
        rules={[
          { required: true, message: te('PNR_REQUIRED') },
          { pattern: PNR_PATTERN, message: t('extraWeight.pnrFormat') },
        ]}
      >
        <Input autoComplete="off" spellCheck={false} style={{ fontFamily: 'monospace' }} autoFocus />
      </Form.Item>
      <Form.Item
        name="pin"
        label={t('common:fields.pin')}
        normalize={normalisePin}
        rules={[
          { required: true, message: te('PIN_REQUIRED') },
          { pattern: PIN_PATTERN, message: t('extraWeight.pinFormat') },
        ]}
      >
        <Input.Password autoComplete="off" inputMode="numeric" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        icon={<SearchOutlined aria-hidden />}
        loading={searching}
        block
        {...keyHintProps('submit')}
      >
        {t('extraWeight.find')}
        <KeyHint id="submit" />
      </Button>
    </Form>
  );
}
