import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: ReactNode;
  okText: ReactNode;
  /** The operation is on its way: the dialog cannot be closed and its button spins. */
  pending: boolean;
  /** Besides while pending, when the button is off (nothing chosen yet, too late...). */
  okDisabled?: boolean;
  /** The operation gives money back or takes seats away (a cancellation). */
  danger?: boolean;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The dialog of one ticket operation (boarding point, extend, cancel,
 * confirm, delayed cancel): its button sends, Back closes it, and while the
 * operation is on its way nothing closes it (not Back, the ×, the mask or
 * Escape), so the agent sees how it ended.
 */
export function OperationModal({
  title,
  okText,
  pending,
  okDisabled = false,
  danger = false,
  onOk,
  onClose,
  children,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common:actions.back')}
      okButtonProps={{ ...(danger ? { danger: true } : {}), disabled: pending || okDisabled }}
      confirmLoading={pending}
      mask={{ closable: !pending }}
      closable={!pending}
      onOk={onOk}
      onCancel={() => !pending && onClose()}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
