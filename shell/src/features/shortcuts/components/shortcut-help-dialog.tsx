import { Modal, t, type TextKey } from '@taskflow/shared';

/** One line of the help: the keys (any of them does it) and what they do. */
interface HelpRow {
  keys: readonly string[];
  does: TextKey;
}

// Every key of shared's keymap (shortcutKeys) is here (shell/test/shortcut-help.test.tsx), with
// the keys the board and its dialogs answer by themselves: Enter on a card, Space to carry one,
// Alt+Enter in the card composer, Escape.
const rows: readonly HelpRow[] = [
  { keys: ['/', 'F'], does: 'shortcuts.search' },
  { keys: ['N'], does: 'shortcuts.addCard' },
  { keys: ['shortcuts.altEnter'], does: 'shortcuts.addAndMore' },
  { keys: ['E', 'shortcuts.enter'], does: 'shortcuts.openCard' },
  { keys: ['<'], does: 'shortcuts.movePrevious' },
  { keys: ['>'], does: 'shortcuts.moveNext' },
  { keys: ['shortcuts.space'], does: 'shortcuts.carry' },
  { keys: ['shortcuts.escape'], does: 'shortcuts.close' },
  { keys: ['?'], does: 'shortcuts.help' },
];

const keyName = (key: string) => (key.startsWith('shortcuts.') ? t(key as TextKey) : key);

/** '?' opens it: the keyboard shortcuts in German, loaded when first opened. */
export const ShortcutHelpDialog = ({ onClose }: { onClose: () => void }) => (
  <Modal title={t('shortcuts.title')} onClose={onClose} cancelLabel={t('shortcuts.done')}>
    <p className="mb-3 text-sm text-slate-600">{t('shortcuts.intro')}</p>
    <table className="w-full text-left text-sm">
      <thead className="sr-only">
        <tr>
          <th scope="col">{t('shortcuts.keysColumn')}</th>
          <th scope="col">{t('shortcuts.actionColumn')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.does} className="border-t border-slate-100 first:border-t-0">
            <td className="py-2 pr-4 align-top whitespace-nowrap">
              {row.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? (
                    <span className="px-1 text-slate-500">{t('shortcuts.or')}</span>
                  ) : null}
                  <kbd className="rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 shadow-sm">
                    {keyName(key)}
                  </kbd>
                </span>
              ))}
            </td>
            <td className="py-2 text-slate-700">{t(row.does)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </Modal>
);
