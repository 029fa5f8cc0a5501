import { Button, Modal, priorityName, t, type EditConflict, type TextKey } from '@taskflow/shared';

interface EditConflictDialogProps {
  conflict: EditConflict;
  /** The other member's name, null when unknown. */
  name: string | null;
  onKeepMine: () => void;
  onKeepTheirs: () => void;
}

const fieldLabel = (column: string): string => {
  const key = `editConflict.fields.${column}` as TextKey;
  const label = t(key);
  return label === key ? column : label;
};

const shown = (column: string, value: unknown): string => {
  if (column === 'priority') return priorityName(value);
  if (value === null || value === undefined || value === '') return t('editConflict.empty');
  if (typeof value === 'boolean') return t(value ? 'activity.yes' : 'activity.no');
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/**
 * A waiting edit (made offline) met a newer change by someone else to the same field: both
 * values side by side, and the user keeps one. Closing the dialog keeps what is stored, so
 * nothing is overwritten without the user's say.
 */
export const EditConflictDialog = ({
  conflict,
  name,
  onKeepMine,
  onKeepTheirs,
}: EditConflictDialogProps) => {
  const theirs = t('editConflict.theirs', { name: name ?? t('editConflict.someone') });
  return (
    <Modal
      title={t('editConflict.title')}
      onClose={onKeepTheirs}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onKeepTheirs}>
            {theirs}
          </Button>
          <Button onClick={onKeepMine} data-autofocus>
            {t('editConflict.mine')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('editConflict.text', { name: name ?? t('editConflict.someoneSubject') })}
      </p>
      {conflict.fields.map((field) => (
        <dl key={field.column} className="mt-4 grid gap-2 text-sm" data-testid="conflict-field">
          <div className="font-semibold">{fieldLabel(field.column)}</div>
          <div className="rounded border border-slate-300 p-2 dark:border-slate-600">
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">
              {t('editConflict.mine')}
            </dt>
            <dd className="break-words whitespace-pre-wrap">{shown(field.column, field.mine)}</dd>
          </div>
          <div className="rounded border border-slate-300 p-2 dark:border-slate-600">
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{theirs}</dt>
            <dd className="break-words whitespace-pre-wrap">{shown(field.column, field.theirs)}</dd>
          </div>
        </dl>
      ))}
    </Modal>
  );
};
