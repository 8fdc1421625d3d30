/**
 * The passenger: phone with its country (Bangladesh first), name, e-mail,
 * remarks. A complete phone number looks the passenger up and fills in the
 * name and e-mail the counter knew, without overwriting what was typed.
 */
import { Col, Form, Input, Row, Select, type FormInstance, type InputRef } from 'antd';
import { memo, useEffect, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../stores/session-store';
import { useCountries } from '../api/lookups';
import { findPassenger } from '../api/passengers';
import { isCompletePhone, isValidPhone, normalisePhone, type PassengerValues } from '../model/passenger';
import { PICKER_SEARCH } from '../../../lib/search-match';
import { normalizeDigits } from '../../../lib/digits';

interface Props {
  form: FormInstance<PassengerValues>;
  phoneRef?: Ref<InputRef>;
  disabled?: boolean;
}

const LOOKUP_DELAY_MS = 300;

/** Memoised: the reservation page draws again on every seat event of the open trip; the form keeps its own state. */
export const PassengerForm = memo(function PassengerForm({ form, phoneRef, disabled }: Props) {
  const { t } = useTranslation('reservation');
  const { data: countries = [] } = useCountries();
  const phone = Form.useWatch('phone', form);
  const countryCode = Form.useWatch('countryCode', form) ?? 'BD';
  const companyId = useSessionStore((s) => s.companyId);
  const looked = useRef<string | null>(null);

  useEffect(() => {
    const value = normalisePhone(phone ?? '');
    // Passenger memory is per company (and agent): the same number may be someone else in another company.
    const key = `${companyId ?? 0}/${value}`;
    if (companyId === null || !isCompletePhone(value, countryCode) || looked.current === key) return;
    const timer = window.setTimeout(() => {
      looked.current = key;
      findPassenger(companyId, value).then(
        (known) => {
          if (!known || normalisePhone(form.getFieldValue('phone') ?? '') !== value) return;
          const fill: Partial<PassengerValues> = {};
          if (!form.getFieldValue('name')) fill.name = known.name;
          if (!form.getFieldValue('email') && known.email) fill.email = known.email;
          form.setFieldsValue(fill);
        },
        // An unknown or unreachable look-up leaves the form to the agent.
        () => undefined,
      );
    }, LOOKUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [phone, countryCode, companyId, form]);

  return (
    <Form<PassengerValues>
      form={form}
      name="passenger"
      layout="vertical"
      disabled={disabled}
      initialValues={{ countryCode: 'BD' }}
      aria-label={t('common:fields.passenger')}
      requiredMark
    >
      <Row gutter={8}>
        <Col span={9}>
          <Form.Item name="countryCode" label={t('passenger.country')}>
            <Select
              showSearch={PICKER_SEARCH}
              popupMatchSelectWidth={false}
              options={countries.map((c) => ({ value: c.code, label: `${c.name} (${c.dialCode})` }))}
            />
          </Form.Item>
        </Col>
        <Col span={15}>
          <Form.Item
            name="phone"
            label={t('common:fields.phone')}
            normalize={normalizeDigits}
            rules={[
              { required: true, message: t('passenger.errors.phoneRequired') },
              {
                validator: (_, value: string | undefined) =>
                  !value || isValidPhone(value, form.getFieldValue('countryCode') ?? 'BD')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('passenger.errors.phoneInvalid'))),
              },
            ]}
          >
            <Input ref={phoneRef} inputMode="tel" autoComplete="off" placeholder={t('passenger.phonePlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="name"
        label={t('passenger.name')}
        rules={[
          { required: true, whitespace: true, message: t('passenger.errors.nameRequired') },
          { max: 100, message: t('passenger.errors.nameTooLong') },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('passenger.email')}
        rules={[{ type: 'email', message: t('passenger.errors.emailInvalid') }]}
      >
        <Input type="email" autoComplete="off" placeholder={t('search.optional')} />
      </Form.Item>
      <Form.Item
        name="remarks"
        label={t('common:fields.remarks')}
        rules={[{ max: 300, message: t('passenger.errors.remarksTooLong') }]}
      >
        <Input.TextArea rows={2} placeholder={t('search.optional')} />
      </Form.Item>
    </Form>
  );
});
