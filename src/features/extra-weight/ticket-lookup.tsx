import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketLookup } from './api/extra-weight';
import { normalisePin, normalisePnr, PIN_PATTERN, PNR_PATTERN } from './pnr';

/** The ticket's PNR and the PIN the passenger holds (the server gives a ticket only with both). */
export function TicketLookupForm({
  searching,
  onSearch,
}: {
  searching: boolean;
  onSearch: (lookup: TicketLookup) => void;
}) {
  const { t } = useTranslation('records');
  const { t: te } = useTranslation('errors');
  return (
    <Form<TicketLookup>
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
      <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} loading={searching} block>
        {t('extraWeight.find')}
      </Button>
    </Form>
  );
}
