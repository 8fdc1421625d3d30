/**
 * A screen's keyboard shortcuts: binds the entries of THE table
 * (lib/keyboard/shortcut-table.ts) the screen has, and F1 (or ?) opens the
 * list of exactly those, with the keys that move between screens.
 */
import { Modal, Table } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS, keyLabel, type ShortcutId } from '../lib/keyboard/shortcut-table';
import { useShortcuts } from '../lib/keyboard/use-shortcuts';

export interface ScreenShortcut {
  id: ShortcutId;
  /** Absent: listed only (the component handles the key itself, e.g. arrows on the seat map). */
  run?: () => void;
  enabled?: boolean;
  /** What the key does on this screen, already translated; default: the table's general meaning. */
  text?: string;
}

interface Options {
  /** False while a dialog owns the keyboard. */
  enabled?: boolean;
  /** The screen keeps the help's open state itself (e.g. to disable its keys meanwhile). */
  help?: { open: boolean; setOpen: (open: boolean) => void };
}

export function useScreenShortcuts(
  bindings: readonly ScreenShortcut[],
  options: Options = {},
): {
  help: ReactNode;
  openHelp: () => void;
} {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = options.help?.open ?? ownOpen;
  const setOpen = options.help?.setOpen ?? setOwnOpen;
  const on = options.enabled !== false;
  const listed = bindings.some((b) => b.id === 'help') ? bindings : [...bindings, { id: 'help' as const }];
  // Listed-only entries (arrows, Enter, Escape) are not bound: the components handle those keys themselves.
  useShortcuts(
    listed.flatMap((b) => {
      const run = b.run ?? (b.id === 'help' ? () => setOpen(true) : undefined);
      return run ? [{ id: b.id, keys: SHORTCUTS[b.id], run, enabled: on && b.enabled !== false }] : [];
    }),
  );
  return {
    openHelp: () => setOpen(true),
    help: <ShortcutHelp open={open} onClose={() => setOpen(false)} rows={listed} />,
  };
}

function ShortcutHelp({
  open,
  onClose,
  rows,
}: {
  open: boolean;
  onClose: () => void;
  rows: readonly ScreenShortcut[];
}) {
  const { t } = useTranslation('common');
  const data = [
    ...rows.map((row) => ({ key: row.id, keys: SHORTCUTS[row.id].map(keyLabel), text: row.text })),
    { key: 'screens', keys: ['Alt+1…8'], text: t('shortcuts.screens') },
  ];
  return (
    <Modal open={open} title={t('shortcuts.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        aria-label={t('shortcuts.title')}
        dataSource={data}
        columns={[
          {
            key: 'keys',
            title: t('shortcuts.keys'),
            render: (_, row) =>
              row.keys.map((k) => (
                <kbd key={k} className="screen-kbd" style={{ marginInlineEnd: 4 }}>
                  {k}
                </kbd>
              )),
          },
          {
            key: 'action',
            title: t('shortcuts.action'),
            render: (_, row) => row.text ?? t(`shortcuts.actions.${row.key}`),
          },
        ]}
      />
    </Modal>
  );
}
