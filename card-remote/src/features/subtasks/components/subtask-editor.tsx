import { Button, displayName, t, type BoardMember, type ChecklistItem } from '@taskflow/shared';
import { useState } from 'react';
import { fieldClass } from '../../card-detail/components/field';

interface SubtaskEditorProps {
  item: ChecklistItem;
  members: readonly BoardMember[];
  onSave: (patch: Pick<ChecklistItem, 'text' | 'due_date' | 'assigned_to'>) => void;
  onCancel: () => void;
}

/** Text, deadline and assignee are saved together on 'Speichern' (spec §4). */
export const SubtaskEditor = ({ item, members, onSave, onCancel }: SubtaskEditorProps) => {
  const [text, setText] = useState(item.text);
  const [dueDate, setDueDate] = useState(item.due_date ?? '');
  const [assignee, setAssignee] = useState(item.assigned_to ?? '');

  return (
    <form
      className="space-y-2 rounded-lg bg-slate-50 p-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ text: text.trim(), due_date: dueDate || null, assigned_to: assignee || null });
      }}
    >
      <input
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('card.subtaskPlaceholder')}
        aria-label={t('card.subtaskPlaceholder')}
        className={fieldClass}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="text-xs text-slate-500">
          {t('card.subtaskDeadline')}
          <input
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
            className={fieldClass}
          />
        </label>
        <label className="text-xs text-slate-500">
          {t('card.subtaskAssignee')}
          <select
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
            className={fieldClass}
          >
            <option value="">{t('card.nobody')}</option>
            {members.map((member) => (
              <option key={member.user_id} value={member.user_id}>
                {displayName(member.profile ?? undefined) || member.user_id}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          {t('card.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('card.cancel')}
        </Button>
      </div>
    </form>
  );
};
