import {
  Checkbox,
  boardStore,
  displayName,
  formatDate,
  subtaskProgress,
  t,
  type BoardMember,
  type Card,
  type NewChecklistItem,
  type MemberProfile,
} from '@taskflow/shared';
import { useEffect, useRef, useState } from 'react';
import { Section } from '../../../components/section';
import { SubtaskEditor } from './subtask-editor';

interface SubtaskListProps {
  card: Card;
  members: readonly BoardMember[];
  profiles: Record<string, MemberProfile>;
}

export const SubtaskList = ({ card, members, profiles }: SubtaskListProps) => {
  // Remounting the editor on 'Abbrechen' reloads the stored values (docs/product-spec.md §4).
  const [editingId, setEditingId] = useState<string | null>(null);
  // A new subtask is a draft in this component until 'Speichern': no other member sees it, and
  // 'Abbrechen' or Escape leaves nothing behind.
  const [draft, setDraft] = useState<NewChecklistItem | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const draftWasOpen = useRef(false);
  // The subtask whose editor just closed: the focus goes back to its row, not to the page.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const progress = subtaskProgress(card.checklist);

  // Once the draft is saved or dropped, the focus goes back to '+ Unteraufgabe hinzufügen'.
  useEffect(() => {
    if (draft === null && draftWasOpen.current) addButton.current?.focus();
    draftWasOpen.current = draft !== null;
  }, [draft]);

  useEffect(() => {
    if (returnTo === null) return;
    list.current?.querySelector<HTMLElement>(`[data-subtask-id="${returnTo}"]`)?.focus();
    setReturnTo(null);
  }, [returnTo]);

  const closeEditor = (itemId: string) => {
    setEditingId(null);
    setReturnTo(itemId);
  };

  const saveDraft = async (fields: NewChecklistItem) => {
    setDraft(null);
    // Refused: the store says why; the draft comes back to try again.
    if (!(await boardStore.addChecklistItem(card.id, fields))) setDraft(fields);
  };

  return (
    <Section
      title={t('card.subtasks')}
      aside={
        card.checklist.length > 0 ? (
          <span className="text-xs font-medium text-slate-500">
            {t('card.subtaskProgress', { percent: progress })}
          </span>
        ) : null
      }
    >
      {card.checklist.length > 0 ? (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={t('card.subtaskProgress', { percent: progress })}
        >
          <div
            className="h-full rounded-full bg-emerald-500 transition-all"
            style={{ width: `${progress}%` }}
          />
        </div>
      ) : null}
      <ul ref={list} className="space-y-1">
        {card.checklist.map((item) =>
          item.id === editingId ? (
            <li key={item.id}>
              <SubtaskEditor
                item={item}
                members={members}
                onCancel={() => closeEditor(item.id)}
                onSave={(patch) => {
                  void boardStore.updateChecklistItem(item.id, patch);
                  closeEditor(item.id);
                }}
              />
            </li>
          ) : (
            <li
              key={item.id}
              className="flex items-center gap-2 rounded-lg px-1 py-1 hover:bg-slate-50"
            >
              <Checkbox
                checked={item.completed}
                aria-label={item.text || t('card.subtaskPlaceholder')}
                onChange={(event) =>
                  void boardStore.updateChecklistItem(item.id, { completed: event.target.checked })
                }
              />
              <button
                type="button"
                data-subtask-id={item.id}
                onClick={() => {
                  setDraft(null);
                  setEditingId(item.id);
                }}
                className={`min-h-10 min-w-0 flex-1 text-left text-sm break-words sm:min-h-0 ${item.completed ? 'text-slate-500 line-through' : 'text-slate-800'}`}
              >
                {item.text || (
                  <span className="italic text-slate-400">{t('card.subtaskPlaceholder')}</span>
                )}
                {item.due_date || item.assigned_to ? (
                  <span className="ml-2 text-xs text-slate-500">
                    {[
                      formatDate(item.due_date),
                      displayName(item.assigned_to ? profiles[item.assigned_to] : undefined),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                ) : null}
              </button>
              <button
                type="button"
                onClick={() => {
                  // The row goes: the focus moves on to '+ Unteraufgabe hinzufügen'.
                  addButton.current?.focus();
                  void boardStore.deleteChecklistItem(item.id);
                }}
                aria-label={t('card.deleteSubtask')}
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-lg text-slate-400 hover:bg-rose-50 hover:text-rose-600 sm:h-8 sm:w-8"
              >
                {/* Always shown: a control that appears only on hover does not exist on a phone. */}
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ),
        )}
      </ul>
      {draft ? (
        <SubtaskEditor
          item={draft}
          members={members}
          onCancel={() => setDraft(null)}
          onSave={(fields) => void saveDraft(fields)}
        />
      ) : (
        <button
          ref={addButton}
          type="button"
          onClick={() => {
            setEditingId(null);
            setDraft({ text: '', due_date: null, assigned_to: null });
          }}
          className="min-h-10 text-sm font-medium text-indigo-600 hover:text-indigo-500 sm:min-h-0"
        >
          + {t('card.addSubtask')}
        </button>
      )}
    </Section>
  );
};
