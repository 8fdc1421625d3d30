import { PrinterOutlined, RollbackOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Form, Input, Modal, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyHint, keyHintProps } from '../../components/key-hint';
import { PageTitle } from '../../components/page-title';
import { useScreenShortcuts } from '../../components/screen-shortcuts';
import { focusFirstField, focusFirstFieldAfterRender, useFormElement } from '../../lib/keyboard/focus-first';
import { formatDate } from '../../lib/format';
import { useMoney } from '../../lib/money-hooks';
import { notify } from '../../lib/notify/notifier';
import { useCharge, useReturnExtraWeight } from './api/extra-weight';
import { ChargeDetails } from './charge-details';
import { normalisePnr, PNR_PATTERN } from './pnr';
import { usePrintReceipt } from './use-print-receipt';

/** Extra weight return: find the charge by its own PNR, return it in full after a confirmation, print. */
export function ExtraWeightReturnPage() {
  const { t } = useTranslation('records');
  const { t: te } = useTranslation('errors');
  const money = useMoney();
  const [pnr, setPnr] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const query = useCharge(pnr);
  const giveBack = useReturnExtraWeight();
  const receipt = usePrintReceipt();
  const charge = pnr ? query.data : undefined;
  const [form] = Form.useForm<{ pnr: string }>();
  const formElement = useFormElement();
  const focusPnr = () => focusFirstField(formElement.element.current);
  const printReturn = () => {
    if (charge?.status === 'CANCELLED' && !receipt.printing) void receipt.print(charge, 'RETURN');
  };

  const confirm = async () => {
    if (!charge) return;
    try {
      const answer = await giveBack.run({ pnr: charge.pnr });
      if (!answer) return;
      setConfirming(false);
      notify('success', t('extraWeight.returned', { pnr: answer.pnr }));
    } catch {
      // The refusal is a toast (callApi); the dialog stays open for another try.
    }
  };

  /** F9: a PNR other than the charge's on screen is looked up; an active charge asks to be returned, then is. */
  const next = () => {
    if (confirming) void confirm();
    else if (charge?.status === 'ACTIVE' && form.getFieldValue('pnr') === charge.pnr) setConfirming(true);
    else form.submit();
  };
  const shortcuts = useScreenShortcuts([
    { id: 'search', run: () => !confirming && focusPnr(), text: t('shortcuts.chargePnr') },
    { id: 'submit', run: next, text: t('shortcuts.findOrReturn') },
    {
      id: 'new',
      run: () => {
        if (confirming) return;
        setPnr(null);
        form.resetFields();
        focusFirstFieldAfterRender(() => formElement.element.current);
      },
      text: t('shortcuts.newLookup'),
    },
    { id: 'print', run: printReturn, text: t('shortcuts.printReturnReceipt') },
  ]);

  return (
    <>
      <PageTitle>{t('menu:extraWeightReturn')}</PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <Card title={t('extraWeight.returnFindTitle')}>
            <Form<{ pnr: string }>
              ref={formElement.ref}
              form={form}
              layout="vertical"
              requiredMark={false}
              aria-label={t('extraWeight.returnFindTitle')}
              onFinish={(v) => (v.pnr === pnr ? void query.refetch() : setPnr(v.pnr))}
            >
              <Form.Item
                name="pnr"
                label={t('common:fields.chargePnr')}
                extra={t('extraWeight.returnPnrHint')}
                normalize={normalisePnr}
                rules={[
                  { required: true, message: te('PNR_REQUIRED') },
                  { pattern: PNR_PATTERN, message: t('extraWeight.pnrFormat') },
                ]}
              >
                <Input autoComplete="off" spellCheck={false} style={{ fontFamily: 'monospace' }} autoFocus />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SearchOutlined aria-hidden />}
                loading={query.isFetching}
                block
                {...keyHintProps('submit')}
              >
                {t('extraWeight.find')}
                <KeyHint id="submit" />
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          {!charge ? (
            <Card>
              <Empty description={t('extraWeight.returnFindTitle')} />
            </Card>
          ) : (
            <Card
              title={t('extraWeight.returnTitle')}
              extra={
                <Space wrap>
                  {charge.status === 'ACTIVE' && (
                    <Button
                      danger
                      type="primary"
                      icon={<RollbackOutlined aria-hidden />}
                      onClick={() => setConfirming(true)}
                      {...keyHintProps('submit')}
                    >
                      {t('extraWeight.return')}
                      <KeyHint id="submit" />
                    </Button>
                  )}
                  {charge.status === 'CANCELLED' && (
                    <Button
                      type="primary"
                      icon={<PrinterOutlined aria-hidden />}
                      loading={receipt.printing}
                      onClick={printReturn}
                      {...keyHintProps('print')}
                    >
                      {t('extraWeight.printReceipt')}
                      <KeyHint id="print" />
                    </Button>
                  )}
                </Space>
              }
            >
              {charge.status === 'CANCELLED' && charge.cancelTime && (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 12 }}
                  title={t('extraWeight.alreadyReturned', { time: formatDate(charge.cancelTime) })}
                />
              )}
              <ChargeDetails charge={charge} />
            </Card>
          )}
        </Col>
      </Row>
      <Modal
        open={confirming && charge !== undefined}
        title={t('extraWeight.confirmReturnTitle')}
        okText={
          <>
            {t('extraWeight.return')}
            <KeyHint id="submit" />
          </>
        }
        okButtonProps={{
          danger: true,
          loading: giveBack.isPending,
          disabled: giveBack.isPending,
          ...keyHintProps('submit'),
        }}
        onOk={() => void confirm()}
        onCancel={() => !giveBack.isPending && setConfirming(false)}
        destroyOnHidden
      >
        {charge && (
          <Typography.Paragraph>
            {charge.pnr} · {charge.description}
            <br />
            {t('extraWeight.confirmReturnText', { amount: money(charge.amount) })}
          </Typography.Paragraph>
        )}
      </Modal>
      {shortcuts.help}
    </>
  );
}
