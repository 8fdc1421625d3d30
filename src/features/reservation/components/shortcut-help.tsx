/** The keyboard shortcuts of this screen ("?" or F1). */
import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';

export const SHORTCUT_HELP: readonly { keys: string[]; action: string }[] = [
  { keys: ['F2'], action: 'search' },
  { keys: ['Alt+N'], action: 'newSale' },
  { keys: ['F3'], action: 'seatMap' },
  { keys: ['←', '↑', '→', '↓', 'Space'], action: 'pickSeat' },
  { keys: ['F4'], action: 'passenger' },
  { keys: ['F9', 'Ctrl+Enter'], action: 'sell' },
  { keys: ['F8'], action: 'book' },
  { keys: ['Enter'], action: 'confirm' },
  { keys: ['Alt+R'], action: 'refresh' },
  { keys: ['Ctrl+P'], action: 'print' },
  { keys: ['Esc'], action: 'close' },
  { keys: ['?', 'F1'], action: 'help' },
];

export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('reservation');
  return (
    <Modal open={open} title={t('shortcuts.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Table
        size="small"
        pagination={false}
        rowKey="action"
        dataSource={[...SHORTCUT_HELP]}
        columns={[
          {
            key: 'keys',
            title: t('shortcuts.keys'),
            render: (_, row) =>
              row.keys.map((k) => (
                <kbd key={k} className="reservation-kbd" style={{ marginInlineEnd: 4 }}>
                  {k}
                </kbd>
              )),
          },
          { key: 'action', title: t('common:fields.action'), render: (_, row) => t(`shortcuts.actions.${row.action}`) },
        ]}
      />
    </Modal>
  );
}
