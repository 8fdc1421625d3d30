import { SendOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Typography, type InputNumberProps } from 'antd';
import { MAX_AMOUNT, type Deposit, type DepositRequest } from '@agent-portal/contract';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { KeyHint, keyHintProps } from '../../components/key-hint';
import { focusFirstFieldAfterRender, useFormElement } from '../../lib/keyboard/focus-first';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api/api-error';
import { applyFieldErrors } from '../../lib/api/field-errors';
import { reasonMessage } from '../../lib/api/error-messages';
import { useCompanyId } from '../../lib/money-hooks';
import { useRequestDeposit } from './api/deposit';
import { amountProblem } from './amount';
import { DepositConfirmation, type ConfirmationHandle } from './deposit-confirmation';
import { amountParser } from '../../lib/digits';

interface Values {
  amount?: number | null;
  confirmAmount?: number | null;
  referenceNumber?: string;
  description?: string;
  remarks?: string;
}

const blankToUndefined = (text: string | undefined) => (text && text.trim() ? text.trim() : undefined);

/** Amount twice, the bank slip's reference, and notes; PENDING until the operator approves. */
/** The amount and its confirmation: the same field twice, Bengali digits read as Latin (lib/digits). */
function AmountInput(props: InputNumberProps<number>) {
  return (
    <InputNumber
      {...props}
      parser={amountParser}
      style={{ width: '100%' }}
      min={0}
      max={MAX_AMOUNT}
      precision={2}
      step={100}
      inputMode="decimal"
    />
  );
}

/** What the deposit screen's keys reach (F9 sends, Alt+N starts a new request, Ctrl+P prints the receipt). */
export interface DepositFormHandle {
  submit: () => void;
  startOver: () => void;
  printReceipt: () => void;
}

export function DepositForm({ handle }: { handle?: Ref<DepositFormHandle> }) {
  const { t } = useTranslation(['records', 'errors']);
  const [form] = Form.useForm<Values>();
  const formElement = useFormElement();
  const confirmation = useRef<ConfirmationHandle>(null);
  const companyId = useCompanyId();
  const deposit = useRequestDeposit();
  // The request just taken: its confirmation stays, with the receipt to print, until closed or the next request.
  const [requested, setRequested] = useState<Deposit | null>(null);
  useImperativeHandle(
    handle,
    () => ({
      submit: () => form.submit(),
      startOver: () => {
        setRequested(null);
        form.resetFields();
        focusFirstFieldAfterRender(() => formElement.element.current);
      },
      printReceipt: () => confirmation.current?.print(),
    }),
    [form, formElement.element],
  );

  /** A missing amount is named with the reason catalogue's text (AMOUNT_REQUIRED, CONFIRM_AMOUNT_REQUIRED). */
  const amountRule = (requiredReason: 'AMOUNT_REQUIRED' | 'CONFIRM_AMOUNT_REQUIRED') => ({
    validator: (_: unknown, value: number | null | undefined) => {
      const problem = amountProblem(value);
      if (!problem) return Promise.resolve();
      const key =
        problem === 'required'
          ? `errors:${requiredReason}`
          : problem === 'positive'
            ? 'deposit.amountPositive'
            : 'deposit.amountDecimals';
      return Promise.reject(new Error(t(key)));
    },
  });

  const submit = async (values: Values) => {
    const body: DepositRequest = {
      companyId,
      amount: values.amount ?? 0,
      confirmAmount: values.confirmAmount ?? 0,
      referenceNumber: (values.referenceNumber ?? '').trim(),
      description: blankToUndefined(values.description),
      remarks: blankToUndefined(values.remarks),
    };
    try {
      setRequested(null);
      const answer = await deposit.request(body);
      if (!answer) return;
      setRequested(answer);
      form.resetFields();
    } catch (error) {
      // The refusal is a toast (callApi); one that points at a field also goes under it.
      const apiError = toApiError(error);
      if (apiError.sessionExpired) return;
      if (apiError.reason === 'AMOUNT_MISMATCH')
        form.setFields([{ name: 'confirmAmount', errors: [t('deposit.amountMismatch')] }]);
      else if (apiError.reason === 'DUPLICATE_REFERENCE_NUMBER')
        form.setFields([{ name: 'referenceNumber', errors: [reasonMessage(apiError.reason)] }]);
      else applyFieldErrors(form, apiError);
    }
  };

  return (
    <>
      {requested && (
        <DepositConfirmation handle={confirmation} deposit={requested} onClose={() => setRequested(null)} />
      )}
      <Form
        ref={formElement.ref}
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(v) => void submit(v)}
        aria-label={t('deposit.formTitle')}
        disabled={deposit.isPending}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="amount"
              label={t('common:fields.amount')}
              rules={[{ required: true, message: '' }, amountRule('AMOUNT_REQUIRED')]}
            >
              <AmountInput />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="confirmAmount"
              label={t('deposit.confirmAmount')}
              dependencies={['amount']}
              rules={[
                { required: true, message: '' },
                amountRule('CONFIRM_AMOUNT_REQUIRED'),
                ({ getFieldValue }) => ({
                  validator: (_: unknown, value: number | null | undefined) =>
                    value === null || value === undefined || value === getFieldValue('amount')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('deposit.amountMismatch'))),
                }),
              ]}
            >
              <AmountInput />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="referenceNumber"
          label={t('deposit.referenceNumber')}
          rules={[{ required: true, whitespace: true, message: t('errors:REFERENCE_NUMBER_REQUIRED') }, { max: 60 }]}
        >
          <Input autoComplete="off" maxLength={60} />
        </Form.Item>
        <Form.Item name="description" label={t('common:fields.description')} rules={[{ max: 300 }]}>
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="remarks" label={t('common:fields.remarks')} rules={[{ max: 300 }]}>
          <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('deposit.hint')}
        </Typography.Paragraph>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined aria-hidden />}
          loading={deposit.isPending}
          disabled={deposit.isPending}
          block
          {...keyHintProps('submit')}
        >
          {t('deposit.submit')}
          <KeyHint id="submit" />
        </Button>
      </Form>
    </>
  );
}
