import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography, type FormInstance, type InputRef } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketLookup } from './api/keys';
import { pinInput, pnrInput } from '../../lib/digits';

const PNR_PATTERN = /^[A-Z0-9]{10}$/;
const PIN_PATTERN = /^\d{6}$/;

/** PNRs are upper-case letters and digits; agents type them any way. */
export const normalisePnr = pnrInput;
/** Six digits; Bengali digits typed on a Bengali layout are stored as Latin ones. */
const normalisePin = pinInput;

interface Props {
  form: FormInstance<TicketLookup>;
  pnrRef: Ref<InputRef>;
  pinRef: Ref<InputRef>;
  searching: boolean;
  onSearch: (lookup: TicketLookup) => void;
}

/** PNR and PIN; Enter in either field searches. */
export function LookupForm({ form, pnrRef, pinRef, searching, onSearch }: Props) {
  const { t } = useTranslation('ticket-operation');
  const { t: te } = useTranslation('errors');
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onSearch}
      disabled={searching}
      aria-label={t('lookup.title')}
    >
      <Form.Item
        name="pnr"
        label={t('common:fields.pnr')}
        normalize={normalisePnr}
        rules={[
          { required: true, message: te('PNR_REQUIRED') },
          { pattern: PNR_PATTERN, message: t('lookup.pnrFormat') },
        ]}
      >
        <Input
          ref={pnrRef}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('lookup.pnrPlaceholder')}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
      <Form.Item
        name="pin"
        label={t('common:fields.pin')}
        normalize={normalisePin}
        rules={[
          { required: true, message: te('PIN_REQUIRED') },
          { pattern: PIN_PATTERN, message: t('common:fields.pinFormat') },
        ]}
      >
        <Input.Password ref={pinRef} autoComplete="off" inputMode="numeric" placeholder={t('lookup.pinPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} loading={searching} block>
        {t('common:actions.search')}
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
        {t('lookup.shortcutHint')}
      </Typography.Paragraph>
    </Form>
  );
}
