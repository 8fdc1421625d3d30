/**
 * The confirmation of a deposit request just taken: its transaction id and
 * voucher number, and its receipt to print at once (the same receipt as the
 * list row's, through the same hook), so the agent need not find the row.
 */
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { Deposit } from '@agent-portal/contract';
import { useTranslation } from 'react-i18next';
import { usePrintDepositReceipt } from './use-print-deposit-receipt';

export function DepositConfirmation({ deposit, onClose }: { deposit: Deposit; onClose: () => void }) {
  const { t } = useTranslation('records');
  const receipt = usePrintDepositReceipt();
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
        >
          {t('deposit.receipt.print')}
        </Button>
      }
      closable={{ 'aria-label': t('common:actions.dismiss'), onClose }}
    />
  );
}
