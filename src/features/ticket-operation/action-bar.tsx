import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  EnvironmentOutlined,
  MessageOutlined,
  PrinterOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfferedActions } from './offered-actions';

export interface CancelChoice {
  /** Seats ticked for a partial cancel; null means the whole reservation. */
  seats: string[] | null;
  /** Whether that choice may be sent (the matching permission). */
  allowed: boolean;
}

interface Props {
  offered: OfferedActions;
  cancelChoice: CancelChoice | null;
  busy: boolean;
  printing: boolean;
  resending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  onDelayedCancel: () => void;
  onExtend: () => void;
  /** Present when the boarding point may move to a later stop (boarding-points.ts). */
  onChangeBoarding?: () => void;
  onResendPin: () => void;
  onPrint: () => void;
}

/** Only the actions the reservation's status and the user's permissions allow. */
export function ActionBar(p: Props) {
  const { t } = useTranslation('ticket-operation');
  const { offered, cancelChoice } = p;
  const nothing =
    !offered.confirm &&
    !offered.cancel &&
    !offered.delayedCancel &&
    !offered.extend &&
    !offered.resendPin &&
    !offered.print &&
    !p.onChangeBoarding;
  if (nothing) return <Typography.Text type="secondary">{t('actions.none')}</Typography.Text>;

  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} role="group" aria-label={t('actions.title')}>
        {offered.confirm && (
          <Button type="primary" icon={<CheckCircleOutlined aria-hidden />} disabled={p.busy} onClick={p.onConfirm}>
            {t(`actions.confirm.${offered.confirm}`)}
          </Button>
        )}
        {offered.cancel && cancelChoice && (
          <Button
            danger
            icon={<CloseCircleOutlined aria-hidden />}
            disabled={p.busy || !cancelChoice.allowed}
            onClick={p.onCancel}
          >
            {cancelChoice.seats
              ? t('actions.cancelSeats', { count: cancelChoice.seats.length })
              : t(`actions.cancel.${offered.cancel.action}`)}
          </Button>
        )}
        {offered.delayedCancel && (
          <Button danger icon={<MessageOutlined aria-hidden />} disabled={p.busy} onClick={p.onDelayedCancel}>
            {t('actions.delayedCancel')}
          </Button>
        )}
        {offered.extend && (
          <Button icon={<ClockCircleOutlined aria-hidden />} disabled={p.busy} onClick={p.onExtend}>
            {t('actions.extend')}
          </Button>
        )}
        {p.onChangeBoarding && (
          <Button icon={<EnvironmentOutlined aria-hidden />} disabled={p.busy} onClick={p.onChangeBoarding}>
            {t('actions.changeBoarding')}
          </Button>
        )}
        {offered.resendPin && (
          <Popconfirm
            title={t('resend.confirmTitle')}
            description={t('resend.confirmText')}
            okText={t('resend.ok')}
            cancelText={t('common:actions.back')}
            onConfirm={p.onResendPin}
          >
            <Button icon={<SendOutlined aria-hidden />} loading={p.resending} disabled={p.busy}>
              {t('common:actions.resendPin')}
            </Button>
          </Popconfirm>
        )}
        {offered.print && (
          <Button icon={<PrinterOutlined aria-hidden />} loading={p.printing} disabled={p.busy} onClick={p.onPrint}>
            {t('actions.print')}
          </Button>
        )}
      </Flex>
      {offered.cancel && cancelChoice && !cancelChoice.allowed && (
        <Typography.Text type="secondary">
          {cancelChoice.seats ? t('actions.partialNotAllowed') : t('actions.pickSeats')}
        </Typography.Text>
      )}
      {offered.cancel?.partial && cancelChoice?.allowed && !cancelChoice.seats && (
        <Typography.Text type="secondary">{t('seats.selectHint')}</Typography.Text>
      )}
    </Flex>
  );
}
