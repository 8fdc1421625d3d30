/**
 * The confirmation of a deposit request just taken: its transaction id and
 * voucher number, and its receipt to print at once (the same receipt as the
 * list row's, through the same hook), so the agent need not find the row.
 */
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { Deposit } from '@agent-portal/contract';
import { useImperativeHandle, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyHint, keyHintProps } from '../../components/key-hint';
import { usePrintDepositReceipt } from './use-print-deposit-receipt';

/** What the screen's Ctrl+P reaches: this receipt. */
export interface ConfirmationHandle {
  print: () => void;
}

export function DepositConfirmation({
  deposit,
  onClose,
  handle,
}: {
  deposit: Deposit;
  onClose: () => void;
  handle?: Ref<ConfirmationHandle>;
}) {
  const { t } = useTranslation('records');
  const receipt = usePrintDepositReceipt();
  useImperativeHandle(handle, () => ({ print: () => void receipt.print(deposit) }), [receipt, deposit]);
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      title={
        deposit.voucherNo
          ? t('deposit.doneWithVoucher', { id: deposit.transactionId, voucherNo: deposit.voucherNo })
          : t('deposit.done', { id: deposit.transactionId })
      }
      action={
        <Button
          size="small"
          icon={<PrinterOutlined aria-hidden />}
          loading={receipt.printing === deposit.transactionId}
          disabled={receipt.printing !== null}
          onClick={() => void receipt.print(deposit)}
          // The request is taken: the receipt is the next thing the agent does, so Enter prints it.
          autoFocus
          {...keyHintProps('print')}
        >
          {t('deposit.receipt.print')}
          <KeyHint id="print" />
        </Button>
      }
      closable={{ 'aria-label': t('common:actions.dismiss'), onClose }}
    />
  );
}
