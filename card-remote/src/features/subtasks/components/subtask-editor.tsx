import {
  Button,
  MemberOptions,
  SelectField,
  TextInput,
  t,
  type BoardMember,
  type ChecklistItem,
} from '@taskflow/shared';
import { useRef, useState } from 'react';
import { DateField, useDateDraft } from '../../../components/date-field';

type SubtaskFields = Pick<ChecklistItem, 'text' | 'due_date' | 'assigned_to'>;

interface SubtaskEditorProps {
  /** The stored subtask, or the empty fields of a draft. */
  item: SubtaskFields;
  members: readonly BoardMember[];
  onSave: (patch: SubtaskFields) => void;
  onCancel: () => void;
}

/**
 * Text, deadline and assignee are saved together on 'Speichern' (docs/product-spec.md §4); a
 * blank text cannot be saved. Escape cancels like 'Abbrechen', and only the editor: the card
 * dialog stays open.
 */
export const SubtaskEditor = ({ item, members, onSave, onCancel }: SubtaskEditorProps) => {
  const [text, setText] = useState(item.text);
  const dueDate = useDateDraft(item.due_date);
  const deadline = useRef<HTMLDivElement>(null);
  const [assignee, setAssignee] = useState(item.assigned_to ?? '');

  return (
    <form
      className="space-y-2 rounded-lg bg-slate-50 p-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        // A deadline that is no date keeps the editor open, with its message at the field.
        const due = dueDate.commit();
        if (due === undefined) {
          deadline.current?.querySelector('input')?.focus();
          return;
        }
        onSave({ text: text.trim(), due_date: due, assigned_to: assignee || null });
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
      }}
    >
      <TextInput
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('card.subtaskPlaceholder')}
        aria-label={t('card.subtaskPlaceholder')}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <div ref={deadline}>
          <DateField layout="compact" label={t('card.subtaskDeadline')} draft={dueDate} />
        </div>
        <SelectField
          layout="compact"
          label={t('card.subtaskAssignee')}
          value={assignee}
          onChange={(event) => setAssignee(event.target.value)}
        >
          <MemberOptions members={members} emptyLabel={t('card.nobody')} />
        </SelectField>
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!text.trim()}>
          {t('card.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('card.cancel')}
        </Button>
      </div>
    </form>
  );
};
