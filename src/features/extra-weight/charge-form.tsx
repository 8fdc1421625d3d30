import { Button, Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { MAX_EXTRA_WEIGHT_AMOUNT, type ExtraWeightCharge, type Reservation } from '@agent-portal/contract';
import { useImperativeHandle, useState, type Ref } from 'react';
import { KeyHint, keyHintProps } from '../../components/key-hint';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api/api-error';
import { applyFieldErrors } from '../../lib/api/field-errors';
import { headlineAmount, useAccount } from '../../lib/queries/account';
import { useCompanyId, useMoney } from '../../lib/money-hooks';
import { useChargeExtraWeight } from './api/extra-weight';
import { amountParser } from '../../lib/digits';

interface Values {
  amount?: number | null;
  description?: string;
}

/** What the charge screen's F9 reaches: the next step (review, then charge). */
export interface ChargeFormHandle {
  next: () => void;
  /** The review dialog is open: it owns the keyboard. */
  reviewing: boolean;
}

/** Amount and description, then a review of what will be charged before any money moves. */
export function ChargeForm({
  reservation,
  onCharged,
  handle,
}: {
  reservation: Reservation;
  onCharged: (charge: ExtraWeightCharge) => void;
  handle?: Ref<ChargeFormHandle>;
}) {
  const { t } = useTranslation('records');
  const money = useMoney();
  const companyId = useCompanyId();
  const account = useAccount().data;
  const charge = useChargeExtraWeight();
  const [form] = Form.useForm<Values>();
  const [review, setReview] = useState<{ amount: number; description: string } | null>(null);
  const headline = account ? headlineAmount(account) : null;

  const confirm = async () => {
    if (!review) return;
    try {
      const answer = await charge.run({
        companyId,
        reservationPnr: reservation.pnr,
        amount: review.amount,
        description: review.description,
      });
      if (!answer) return;
      setReview(null);
      form.resetFields();
      onCharged(answer);
    } catch (e) {
      // The refusal is a toast (callApi); one naming a field goes back to the form, under that field.
      if (applyFieldErrors(form, toApiError(e))) setReview(null);
    }
  };

  // F9 is the step in front of the agent: the review from the form, the charge from the review.
  useImperativeHandle(handle, () => ({
    next: () => (review ? void confirm() : form.submit()),
    reviewing: review !== null,
  }));

  return (
    <>
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label={t('extraWeight.chargeTitle')}
        onFinish={(v) => {
          setReview({ amount: v.amount ?? 0, description: (v.description ?? '').trim() });
        }}
      >
        <Form.Item
          name="amount"
          label={t('common:fields.amount')}
          rules={[
            { required: true, message: t('deposit.amountRequired') },
            {
              validator: (_: unknown, v: number | null | undefined) =>
                v === null || v === undefined || v > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('deposit.amountPositive'))),
            },
          ]}
        >
          <InputNumber
            // The ticket is found: the amount is what the agent types next.
            autoFocus
            parser={amountParser}
            style={{ width: '100%' }}
            min={0}
            max={MAX_EXTRA_WEIGHT_AMOUNT}
            precision={2}
            step={50}
            inputMode="decimal"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('common:fields.description')}
          rules={[{ required: true, whitespace: true, message: t('extraWeight.descriptionRequired') }, { max: 300 }]}
        >
          <Input maxLength={300} placeholder={t('extraWeight.descriptionPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" {...keyHintProps('submit')}>
          {t('extraWeight.review')}
          <KeyHint id="submit" />
        </Button>
      </Form>
      <Modal
        open={review !== null}
        title={t('extraWeight.confirmTitle')}
        okText={
          <>
            {t('extraWeight.confirmCharge')}
            <KeyHint id="submit" />
          </>
        }
        onOk={() => void confirm()}
        okButtonProps={{ loading: charge.isPending, disabled: charge.isPending, ...keyHintProps('submit') }}
        onCancel={() => !charge.isPending && setReview(null)}
        destroyOnHidden
      >
        {review && (
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'pnr', label: t('common:fields.ticketPnr'), children: reservation.pnr },
              { key: 'passenger', label: t('common:fields.passenger'), children: reservation.passenger.name },
              { key: 'description', label: t('common:fields.description'), children: review.description },
              { key: 'amount', label: t('common:fields.amount'), children: <strong>{money(review.amount)}</strong> },
              ...(headline?.kind === 'balance'
                ? [
                    {
                      key: 'after',
                      label: t('extraWeight.balanceAfter'),
                      children: money(headline.amount - review.amount),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Modal>
    </>
  );
}
