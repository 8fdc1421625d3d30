/**
 * The actions the agent may take, each with its key.
 * Actions the agent has no permission for are not shown at all.
 */
import {
  CloseCircleOutlined,
  EyeOutlined,
  PrinterOutlined,
  QuestionCircleOutlined,
  SwapOutlined,
  ContainerOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActionVisibility } from '../model/actions';
import { useDraftStore } from '../state/draft-store';

export interface ActionBarProps {
  visibility: ActionVisibility;
  migrating: boolean;
  canPrint: boolean;
  printing: boolean;
  onSell: () => void;
  onBook: () => void;
  onOpenTicket: () => void;
  onMigrate: () => void;
  onClose: () => void;
  onReview: () => void;
  onPrint: () => void;
  onHelp: () => void;
}

export function ActionBar(props: ActionBarProps) {
  const { t } = useTranslation('reservation');
  const { visibility: can } = props;
  // Seats are chosen (sell, book and migrate need them). Read here, not passed down: the first seat
  // chosen or the last one dropped then redraws this bar, not the whole reservation screen.
  const ready = useDraftStore((s) => s.selected.size > 0);
  return (
    <Space wrap className="reservation-actions" role="toolbar" aria-label={t('actions.label')}>
      {props.migrating ? (
        <Button
          type="primary"
          icon={<SwapOutlined />}
          disabled={!ready}
          onClick={props.onReview}
          aria-keyshortcuts="F9"
        >
          {t('actions.migrateConfirm')} <kbd className="screen-kbd">F9</kbd>
        </Button>
      ) : (
        <>
          {can.sell && (
            <Button type="primary" disabled={!ready} onClick={props.onSell} aria-keyshortcuts="F9 Control+Enter">
              {t('actions.sell')} <kbd className="screen-kbd">F9</kbd>
            </Button>
          )}
          {can.book && (
            <Button disabled={!ready} onClick={props.onBook} aria-keyshortcuts="F8">
              {t('actions.book')} <kbd className="screen-kbd">F8</kbd>
            </Button>
          )}
          {can.openTicket && (
            <Button icon={<ContainerOutlined />} onClick={props.onOpenTicket}>
              {t('actions.openTicket')}
            </Button>
          )}
          {can.migrate && (
            <Button icon={<SwapOutlined />} onClick={props.onMigrate}>
              {t('actions.migrate')}
            </Button>
          )}
        </>
      )}
      <Button icon={<EyeOutlined />} disabled={!ready} onClick={props.onReview}>
        {t('actions.review')}
      </Button>
      <Button
        icon={<PrinterOutlined />}
        disabled={!props.canPrint}
        loading={props.printing}
        onClick={props.onPrint}
        aria-keyshortcuts="Control+P"
      >
        {t('common:actions.print')} <kbd className="screen-kbd">Ctrl+P</kbd>
      </Button>
      <Button icon={<CloseCircleOutlined />} onClick={props.onClose} aria-keyshortcuts="Alt+N">
        {t('actions.close')}
      </Button>
      <Tooltip title={t('common:shortcuts.title')}>
        <Button
          icon={<QuestionCircleOutlined />}
          aria-label={t('common:shortcuts.title')}
          onClick={props.onHelp}
          aria-keyshortcuts="F1 ?"
        />
      </Tooltip>
    </Space>
  );
}
